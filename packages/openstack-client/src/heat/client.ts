import { OpenStackHttpError } from '../http/errors';
import { createServiceHttp } from '../http/serviceHttp';
import { urlPath } from '../http/url';
import type { CallOptions, FetchLike } from '../http/request';

export interface HeatClientOptions {
  /** The orchestration endpoint from the catalog (`http://host:8004/v1/<project>`). */
  endpoint: string;
  token: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

/** A stack as Heat's list and show answers give it (show adds parameters, outputs, …). */
export interface HeatStack {
  id: string;
  stack_name: string;
  stack_status: string;
  stack_status_reason?: string | null;
  creation_time?: string | null;
  updated_time?: string | null;
  deletion_time?: string | null;
  description?: string | null;
  /** The owning project (in a `global_tenant` list and in show). */
  project?: string;
  stack_owner?: string | null;
  stack_user_project_id?: string;
  parent?: string | null;
  tags?: string[] | null;
  parameters?: Record<string, unknown>;
  outputs?: HeatOutput[];
  template_description?: string;
  timeout_mins?: number | null;
  disable_rollback?: boolean;
  capabilities?: unknown[];
  notification_topics?: unknown[];
  links?: { href: string; rel: string }[];
}

export interface HeatOutput {
  output_key: string;
  output_value?: unknown;
  description?: string | null;
  output_error?: string;
}

export interface HeatResource {
  resource_name: string;
  physical_resource_id: string;
  resource_type: string;
  resource_status: string;
  resource_status_reason?: string | null;
  logical_resource_id?: string;
  creation_time?: string | null;
  updated_time?: string | null;
  required_by: string[];
  /** With nested_depth: the nested stack's name (the resource is inside it). */
  parent_resource?: string;
  stack_name?: string;
  links?: { href: string; rel: string }[];
}

export interface HeatEvent {
  id: string;
  resource_name: string;
  logical_resource_id?: string;
  physical_resource_id?: string;
  resource_status: string;
  resource_status_reason?: string | null;
  event_time: string;
  resource_type?: string;
}

/** What Heat's /validate answers: the parameters as the form needs them. */
export interface HeatValidation {
  Description?: unknown;
  Parameters?: Record<string, HeatParameter>;
  ParameterGroups?: unknown[];
  Environment?: unknown;
}

export interface HeatParameter {
  Type: string;
  Label?: string;
  Description?: string;
  Default?: unknown;
  NoEcho?: string;
  AllowedValues?: unknown[];
  AllowedPattern?: string;
  MinLength?: number;
  MaxLength?: number;
  MinValue?: number;
  MaxValue?: number;
  ConstraintDescription?: string;
  CustomConstraint?: string;
  Value?: unknown;
  Immutable?: boolean;
}

/** A launch or an update: the template and its inputs, as Heat's body takes them. */
export interface HeatStackInput {
  stack_name?: string;
  template?: unknown;
  template_url?: string;
  environment?: unknown;
  files?: Record<string, string>;
  parameters?: Record<string, unknown>;
  timeout_mins?: number;
  disable_rollback?: boolean;
  /** PATCH: keep the existing template when none is given. */
  existing?: boolean;
}

export type HeatStackAction = 'check' | 'suspend' | 'resume';

export interface StackListOptions extends CallOptions {
  /** Every project's stacks (admin). */
  globalTenant?: boolean;
  limit?: number;
  marker?: string;
  sortKeys?: string;
  sortDir?: 'asc' | 'desc';
}

export interface HeatClient {
  readonly endpoint: string;
  stacks: {
    list(options?: StackListOptions): Promise<HeatStack[]>;
    /** By id or name: Heat answers a redirect to `/stacks/<name>/<id>`, which fetch follows. */
    get(idOrName: string, options?: CallOptions): Promise<HeatStack>;
    create(input: HeatStackInput, options?: CallOptions): Promise<{ id: string }>;
    preview(input: HeatStackInput, options?: CallOptions): Promise<Record<string, unknown>>;
    update(
      name: string,
      id: string,
      input: HeatStackInput,
      patch: boolean,
      options?: CallOptions,
    ): Promise<void>;
    delete(name: string, id: string, options?: CallOptions): Promise<void>;
    action(name: string, id: string, action: HeatStackAction, options?: CallOptions): Promise<void>;
    template(name: string, id: string, options?: CallOptions): Promise<unknown>;
    resources(
      name: string,
      id: string,
      options?: CallOptions & { nestedDepth?: number },
    ): Promise<HeatResource[]>;
    events(
      name: string,
      id: string,
      options?: CallOptions & { limit?: number; sortDir?: 'asc' | 'desc' },
    ): Promise<HeatEvent[]>;
  };
  validate(
    input: Pick<HeatStackInput, 'template' | 'template_url' | 'environment' | 'files'>,
    options?: CallOptions,
  ): Promise<HeatValidation>;
  resourceTypes(options?: CallOptions): Promise<string[]>;
  resourceTypeSchema(type: string, options?: CallOptions): Promise<Record<string, unknown>>;
  templateVersions(options?: CallOptions): Promise<{ version: string; type: string }[]>;
  templateFunctions(
    version: string,
    options?: CallOptions,
  ): Promise<{ functions: string; description: string }[]>;
}

export function createHeatClient(options: HeatClientOptions): HeatClient {
  const http = createServiceHttp({
    service: 'orchestration',
    baseUrl: options.endpoint,
    token: options.token,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const stackPath = (name: string, id: string): string => urlPath`stacks/${name}/${id}`;
  return {
    endpoint: options.endpoint,
    stacks: {
      async list(o = {}) {
        const { globalTenant, limit, marker, sortKeys, sortDir, ...call } = o;
        const answer = await http.json<{ stacks: HeatStack[] }>({
          ...call,
          path: 'stacks',
          query: {
            // Heat reads any value of the key as a boolean; false must leave it out.
            global_tenant: globalTenant ? 'True' : undefined,
            limit,
            marker,
            sort_keys: sortKeys,
            sort_dir: sortDir,
          },
        });
        return answer.stacks;
      },
      async get(idOrName, call = {}) {
        try {
          const answer = await http.json<{ stack: HeatStack }>({
            ...call,
            path: urlPath`stacks/${idOrName}`,
          });
          return answer.stack;
        } catch (error) {
          // Heat's redirect leads to the stack's own project's path, which Heat refuses to an
          // admin of another (403); the admin's list has every project's stack, and Heat shows
          // one by name and id through the admin's own path.
          if (!(error instanceof OpenStackHttpError) || ![403, 404].includes(error.status)) {
            throw error;
          }
          const listed = (
            await http.json<{ stacks: HeatStack[] }>({ ...call, path: 'stacks' })
          ).stacks.find((s) => s.id === idOrName || s.stack_name === idOrName);
          if (!listed) throw error;
          const answer = await http.json<{ stack: HeatStack }>({
            ...call,
            path: stackPath(listed.stack_name, listed.id),
          });
          return answer.stack;
        }
      },
      async create(input, call = {}) {
        const answer = await http.json<{ stack: { id: string } }>({
          ...call,
          method: 'POST',
          path: 'stacks',
          json: input,
        });
        return { id: answer.stack.id };
      },
      async preview(input, call = {}) {
        const answer = await http.json<{ stack: Record<string, unknown> }>({
          ...call,
          method: 'POST',
          path: 'stacks/preview',
          json: input,
        });
        return answer.stack;
      },
      async update(name, id, input, patch, call = {}) {
        await http.json<unknown>({
          ...call,
          method: patch ? 'PATCH' : 'PUT',
          path: stackPath(name, id),
          json: input,
        });
      },
      async delete(name, id, call = {}) {
        await http.json<unknown>({ ...call, method: 'DELETE', path: stackPath(name, id) });
      },
      async action(name, id, action, call = {}) {
        await http.json<unknown>({
          ...call,
          method: 'POST',
          path: `${stackPath(name, id)}/actions`,
          json: { [action]: null },
        });
      },
      async template(name, id, call = {}) {
        return http.json<unknown>({ ...call, path: `${stackPath(name, id)}/template` });
      },
      async resources(name, id, o = {}) {
        const { nestedDepth, ...call } = o;
        const answer = await http.json<{ resources: HeatResource[] }>({
          ...call,
          path: `${stackPath(name, id)}/resources`,
          query: { nested_depth: nestedDepth },
        });
        return answer.resources;
      },
      async events(name, id, o = {}) {
        const { limit, sortDir, ...call } = o;
        const answer = await http.json<{ events: HeatEvent[] }>({
          ...call,
          path: `${stackPath(name, id)}/events`,
          query: { limit, sort_dir: sortDir },
        });
        return answer.events;
      },
    },
    async validate(input, call = {}) {
      return http.json<HeatValidation>({ ...call, method: 'POST', path: 'validate', json: input });
    },
    async resourceTypes(call = {}) {
      const answer = await http.json<{ resource_types: string[] }>({
        ...call,
        path: 'resource_types',
      });
      return answer.resource_types;
    },
    async resourceTypeSchema(type, call = {}) {
      return http.json<Record<string, unknown>>({ ...call, path: urlPath`resource_types/${type}` });
    },
    async templateVersions(call = {}) {
      const answer = await http.json<{ template_versions: { version: string; type: string }[] }>({
        ...call,
        path: 'template_versions',
      });
      return answer.template_versions;
    },
    async templateFunctions(version, call = {}) {
      const answer = await http.json<{
        template_functions: { functions: string; description: string }[];
      }>({ ...call, path: urlPath`template_versions/${version}/functions` });
      return answer.template_functions;
    },
  };
}
