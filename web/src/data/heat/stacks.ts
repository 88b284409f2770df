import type {
  ResourceType,
  ResourceTypeSchema,
  Stack,
  StackActionBody,
  StackDetail,
  StackCreateBody,
  StackTopology,
  StackUpdateBody,
  StackValidateBody,
  TemplateFunction,
  TemplateVersion,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** Spec 1 §9: the topology is polled every 3 s while anything is in progress, else every 30 s. */
export const TOPOLOGY_POLL_BUSY_MS = 3_000;
export const TOPOLOGY_POLL_IDLE_MS = 30_000;

export function topologyPollInterval(data: StackTopology | undefined): number {
  const busy =
    data !== undefined && (data.stack.in_progress || data.nodes.some((n) => n.in_progress));
  return busy ? TOPOLOGY_POLL_BUSY_MS : TOPOLOGY_POLL_IDLE_MS;
}

/** A stack as the table has it, with the details' fields once its own answer is in. */
export type StackRow = Stack & Partial<Omit<StackDetail, keyof Stack>>;

export const isStackInProgress = (status: string): boolean => status.endsWith('_IN_PROGRESS');

/** Stacks and their parts (/api/heat/, issue 13). */
export const stackQueries = {
  all: () => resourceKey('heat.stacks'),
  list: (allProjects: boolean) =>
    routeQuery('heat.stacks.list', allProjects ? { query: { all_projects: true } } : undefined, {
      map: (r): StackRow[] => r.items,
      meta: { errorMessage: msg('Unable to retrieve stacks.') },
    }),
  detail: (id: string) =>
    routeQuery(
      'heat.stacks.get',
      { params: { id } },
      {
        map: (d): StackRow => d,
        meta: { errorMessage: msg('Unable to retrieve stack.'), silentStatuses: [404] },
      },
    ),
  resources: (id: string) =>
    routeQuery(
      'heat.stacks.resources',
      { params: { id } },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve stack resources.') } },
    ),
  events: (id: string) =>
    routeQuery(
      'heat.stacks.events',
      { params: { id } },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve stack events.') } },
    ),
  template: (id: string) =>
    routeQuery(
      'heat.stacks.template',
      { params: { id } },
      { map: (r) => r.template, meta: { errorMessage: msg('Unable to retrieve stack template.') } },
    ),
  topology: (id: string) =>
    routeQuery(
      'heat.stacks.topology',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the stack topology.') } },
    ),
};

/** A template version, with its functions once its own answer is in. */
export type TemplateVersionRow = TemplateVersion & { functions?: TemplateFunction[] };

/** A resource type as its table has it, with its schema once its own answer is in. */
export type ResourceTypeRow = ResourceType & Partial<ResourceTypeSchema>;

export const templateQueries = {
  resourceTypes: () =>
    routeQuery('heat.resourcetypes.list', undefined, {
      map: (r): ResourceTypeRow[] => r.items,
      meta: { errorMessage: msg('Unable to retrieve resource types.') },
    }),
  resourceType: (type: string) =>
    routeQuery(
      'heat.resourcetypes.get',
      { params: { type } },
      {
        map: (d): ResourceTypeRow => d,
        meta: { errorMessage: msg('Unable to retrieve resource type details.') },
      },
    ),
  versions: () =>
    routeQuery('heat.templateversions.list', undefined, {
      map: (r): TemplateVersionRow[] => r.items,
      meta: { errorMessage: msg('Unable to retrieve template versions.') },
    }),
  /** A version's details: its functions (the type follows from the version's kind). */
  version: (version: string) =>
    routeQuery(
      'heat.templateversions.functions',
      { params: { version } },
      {
        map: (r): TemplateVersionRow => ({
          version,
          type: version.startsWith('heat_template_version') ? 'hot' : 'cfn',
          functions: r.items,
        }),
        meta: { errorMessage: msg('Unable to retrieve template functions.') },
      },
    ),
};

export const stackMutations = {
  validate: mutation({
    fn: (body: StackValidateBody) => api('heat.stacks.validate', { body }),
    invalidates: [],
    errorMessage: msg('Unable to validate the template.'),
    inlineErrors: true,
  }),
  preview: mutation({
    fn: (body: StackCreateBody) => api('heat.stacks.preview', { body }),
    invalidates: [],
    errorMessage: msg('Unable to preview stack.'),
    inlineErrors: true,
  }),
  create: mutation({
    fn: (body: StackCreateBody) => api('heat.stacks.create', { body }),
    invalidates: [stackQueries.all()],
    successMessage: (_data, body) => t(msg('Stack creation started.'), { name: body.stack_name }),
    errorMessage: msg('Stack creation failed.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: StackUpdateBody }) =>
      api('heat.stacks.update', { params: { id }, body }),
    invalidates: [stackQueries.all()],
    successMessage: () => t(msg('Stack update started.')),
    errorMessage: msg('Stack update failed.'),
    inlineErrors: true,
  }),
};

export async function runStackAction(
  stack: Stack,
  action: StackActionBody['action'],
): Promise<void> {
  await api('heat.stacks.action', { params: { id: stack.id }, body: { action } });
}

export async function removeStack(stack: Stack): Promise<void> {
  await api('heat.stacks.delete', { params: { id: stack.id } });
}
