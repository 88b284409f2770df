import { Type, type Static } from 'typebox';
import { ListOf, NoContent, Nullable, type List } from '../common';
import { route, routes } from '../route';

/** A stack as the Stacks table shows it. */
export const Stack = Type.Object({
  id: Type.String(),
  stack_name: Type.String(),
  stack_status: Type.String(),
  stack_status_reason: Type.Optional(Nullable(Type.String())),
  creation_time: Type.Optional(Nullable(Type.String())),
  updated_time: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Nullable(Type.String())),
  /** The owning project (admin lists). */
  project: Type.Optional(Type.String()),
});
export type Stack = Static<typeof Stack>;
export const StackList = ListOf(Stack);
export type StackList = List<Stack>;

export const StackOutput = Type.Object({
  output_key: Type.String(),
  output_value: Type.Optional(Type.Unknown()),
  description: Type.Optional(Nullable(Type.String())),
  output_error: Type.Optional(Type.String()),
});
export type StackOutput = Static<typeof StackOutput>;

/** One stack with what its Overview tab shows. */
export const StackDetail = Type.Object({
  ...Stack.properties,
  parameters: Type.Record(Type.String(), Type.Unknown()),
  outputs: Type.Array(StackOutput),
  timeout_mins: Type.Optional(Nullable(Type.Number())),
  disable_rollback: Type.Optional(Type.Boolean()),
  stack_owner: Type.Optional(Nullable(Type.String())),
  parent: Type.Optional(Nullable(Type.String())),
  tags: Type.Optional(Nullable(Type.Array(Type.String()))),
  template_description: Type.Optional(Type.String()),
});
export type StackDetail = Static<typeof StackDetail>;

export const StackResource = Type.Object({
  resource_name: Type.String(),
  physical_resource_id: Type.String(),
  resource_type: Type.String(),
  resource_status: Type.String(),
  resource_status_reason: Type.Optional(Nullable(Type.String())),
  updated_time: Type.Optional(Nullable(Type.String())),
  required_by: Type.Array(Type.String()),
  /** Set when the resource sits in a nested stack: the resource of the parent holding it. */
  parent_resource: Type.Optional(Type.String()),
});
export type StackResource = Static<typeof StackResource>;
export const StackResourceList = ListOf(StackResource);

export const StackEvent = Type.Object({
  id: Type.String(),
  resource_name: Type.String(),
  physical_resource_id: Type.Optional(Type.String()),
  resource_status: Type.String(),
  resource_status_reason: Type.Optional(Nullable(Type.String())),
  event_time: Type.String(),
});
export type StackEvent = Static<typeof StackEvent>;
export const StackEventList = ListOf(StackEvent);

/**
 * A node of the stack topology (spec 1 §7 "Stack topology data": name, status, image,
 * required_by, in_progress, info_box). The icon is named by `image` (a resource-type family,
 * the web app picks its picture); the balloon is built from the fields, never server markup.
 */
export const StackTopologyNode = Type.Object({
  name: Type.String(),
  /** The physical resource id (`instance` in the spec's words). */
  instance: Type.String(),
  resource_type: Type.String(),
  status: Type.String(),
  status_reason: Type.String(),
  image: Type.String(),
  required_by: Type.Array(Type.String()),
  in_progress: Type.Boolean(),
  updated_time: Type.Optional(Nullable(Type.String())),
});
export type StackTopologyNode = Static<typeof StackTopologyNode>;

export const StackTopology = Type.Object({
  stack: Type.Object({
    id: Type.String(),
    name: Type.String(),
    status: Type.String(),
    status_reason: Type.String(),
    in_progress: Type.Boolean(),
  }),
  nodes: Type.Array(StackTopologyNode),
});
export type StackTopology = Static<typeof StackTopology>;

/** Where a template (or environment) comes from: text the browser read, or a URL. */
const TemplateSource = {
  template: Type.Optional(Type.String({ maxLength: 1_000_000 })),
  template_url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
  environment: Type.Optional(Type.String({ maxLength: 1_000_000 })),
  files: Type.Optional(Type.Record(Type.String(), Type.String())),
};

export const StackValidateBody = Type.Object(TemplateSource, { additionalProperties: false });
export type StackValidateBody = Static<typeof StackValidateBody>;

/** One template parameter as Heat's validation describes it (what the launch form needs). */
export const StackParameter = Type.Object({
  type: Type.String(),
  label: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  default: Type.Optional(Type.Unknown()),
  hidden: Type.Boolean(),
  allowed_values: Type.Optional(Type.Array(Type.Unknown())),
  allowed_pattern: Type.Optional(Type.String()),
  min_length: Type.Optional(Type.Number()),
  max_length: Type.Optional(Type.Number()),
  min_value: Type.Optional(Type.Number()),
  max_value: Type.Optional(Type.Number()),
  /** The template's description of the constraints: the message shown when one fails. */
  constraint_description: Type.Optional(Type.String()),
  custom_constraint: Type.Optional(Type.String()),
});
export type StackParameter = Static<typeof StackParameter>;

export const StackValidation = Type.Object({
  description: Type.String(),
  /** In the template's order. */
  parameters: Type.Array(Type.Object({ name: Type.String(), ...StackParameter.properties })),
});
export type StackValidation = Static<typeof StackValidation>;

const LaunchOptions = {
  parameters: Type.Optional(Type.Record(Type.String(), Type.String())),
  timeout_mins: Type.Optional(Type.Integer({ minimum: 1, maximum: 10080 })),
  disable_rollback: Type.Optional(Type.Boolean()),
};

export const StackCreateBody = Type.Object(
  {
    stack_name: Type.String({ minLength: 1, maxLength: 255, pattern: '^[a-zA-Z][a-zA-Z0-9_.-]*$' }),
    ...TemplateSource,
    ...LaunchOptions,
  },
  { additionalProperties: false },
);
export type StackCreateBody = Static<typeof StackCreateBody>;

export const StackUpdateBody = Type.Object(
  { ...TemplateSource, ...LaunchOptions },
  { additionalProperties: false },
);
export type StackUpdateBody = Static<typeof StackUpdateBody>;

export const StackPreview = Type.Object({
  stack_name: Type.String(),
  description: Type.Optional(Nullable(Type.String())),
  parameters: Type.Record(Type.String(), Type.Unknown()),
  resources: Type.Array(
    Type.Object({ resource_name: Type.String(), resource_type: Type.String() }),
  ),
});
export type StackPreview = Static<typeof StackPreview>;

export const StackActionBody = Type.Object(
  { action: Type.Union([Type.Literal('check'), Type.Literal('suspend'), Type.Literal('resume')]) },
  { additionalProperties: false },
);
export type StackActionBody = Static<typeof StackActionBody>;

export const StackListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    marker: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    all_projects: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const ResourceType = Type.Object({ resource_type: Type.String() });
export type ResourceType = Static<typeof ResourceType>;
export const ResourceTypeSchema = Type.Object({
  resource_type: Type.String(),
  description: Type.Optional(Type.String()),
  properties: Type.Record(Type.String(), Type.Unknown()),
  attributes: Type.Record(Type.String(), Type.Unknown()),
  support_status: Type.Optional(Type.Unknown()),
});
export type ResourceTypeSchema = Static<typeof ResourceTypeSchema>;

export const TemplateVersion = Type.Object({ version: Type.String(), type: Type.String() });
export type TemplateVersion = Static<typeof TemplateVersion>;
export const TemplateFunction = Type.Object({
  functions: Type.String(),
  description: Type.String(),
});
export type TemplateFunction = Static<typeof TemplateFunction>;

const StackId = Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) });

/** /api/heat/: orchestration (issue 13). */
export const heatRoutes = {
  ...routes('heat.stacks', {
    list: route({
      method: 'GET',
      path: '/api/heat/stacks/',
      query: StackListQuery,
      response: { 200: StackList },
    }),
    create: route({
      method: 'POST',
      path: '/api/heat/stacks/',
      body: StackCreateBody,
      response: { 201: Type.Object({ id: Type.String() }) },
    }),
    preview: route({
      method: 'POST',
      path: '/api/heat/stacks/preview/',
      body: StackCreateBody,
      response: { 200: StackPreview },
    }),
    validate: route({
      method: 'POST',
      path: '/api/heat/validate/',
      body: StackValidateBody,
      response: { 200: StackValidation },
    }),
    get: route({
      method: 'GET',
      path: '/api/heat/stacks/:id/',
      params: StackId,
      response: { 200: StackDetail },
    }),
    update: route({
      method: 'PUT',
      path: '/api/heat/stacks/:id/',
      params: StackId,
      body: StackUpdateBody,
      response: { 204: NoContent },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/heat/stacks/:id/',
      params: StackId,
      response: { 204: NoContent },
    }),
    action: route({
      method: 'POST',
      path: '/api/heat/stacks/:id/action/',
      params: StackId,
      body: StackActionBody,
      response: { 204: NoContent },
    }),
    template: route({
      method: 'GET',
      path: '/api/heat/stacks/:id/template/',
      params: StackId,
      response: { 200: Type.Object({ template: Type.Unknown() }) },
    }),
    resources: route({
      method: 'GET',
      path: '/api/heat/stacks/:id/resources/',
      params: StackId,
      response: { 200: StackResourceList },
    }),
    events: route({
      method: 'GET',
      path: '/api/heat/stacks/:id/events/',
      params: StackId,
      response: { 200: StackEventList },
    }),
    topology: route({
      method: 'GET',
      path: '/api/heat/stacks/:id/topology/',
      params: StackId,
      response: { 200: StackTopology },
    }),
  }),
  ...routes('heat.resourcetypes', {
    list: route({
      method: 'GET',
      path: '/api/heat/resource_types/',
      response: { 200: ListOf(ResourceType) },
    }),
    get: route({
      method: 'GET',
      path: '/api/heat/resource_types/:type/',
      params: Type.Object({ type: Type.String({ minLength: 1, maxLength: 255 }) }),
      response: { 200: ResourceTypeSchema },
    }),
  }),
  ...routes('heat.templateversions', {
    list: route({
      method: 'GET',
      path: '/api/heat/template_versions/',
      response: { 200: ListOf(TemplateVersion) },
    }),
    functions: route({
      method: 'GET',
      path: '/api/heat/template_versions/:version/functions/',
      params: Type.Object({ version: Type.String({ minLength: 1, maxLength: 255 }) }),
      response: { 200: ListOf(TemplateFunction) },
    }),
  }),
};
