import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault, badRequest } from '../../core/faults';
import { uuid } from '../../core/ids';
import { pageByOffset, parseLimit, parseOffset, queryValue } from '../../core/paging';
import { authorize, isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  atLeast,
  bodyObject,
  checkInteger,
  checkName,
  invalidInput,
  isObject,
  parseBoolString,
  pyRepr,
} from './http';
import type { Json } from './http';
import { serverGroups } from './model';
import type { ServerGroupDoc } from './model';
import { effectiveQuotas, projectUsage } from './quotas';

export const serverGroupNotFound = (id: string): Fault =>
  new Fault(404, `Instance group ${id} could not be found.`);

const view = (request: FastifyRequest, g: ServerGroupDoc): Json => {
  const out: Json = { id: g.id, name: g.name };
  if (atLeast(request, '2.64')) {
    out['policy'] = g.policy;
    out['rules'] = g.rules;
  } else {
    out['policies'] = [g.policy];
    // Before 2.64 an always-empty metadata was part of the answer.
    out['metadata'] = {};
  }
  out['members'] = g.members;
  if (atLeast(request, '2.13')) {
    out['project_id'] = g.project_id;
    out['user_id'] = g.user_id;
  }
  return out;
};

const parseCreate = (
  request: FastifyRequest,
): { name: string; policy: string; rules: Record<string, number> } => {
  if (atLeast(request, '2.64')) {
    const spec = bodyObject(
      request.body,
      'server_group',
      ['name', 'policy', 'rules'],
      ['name', 'policy'],
    );
    const name = checkName(spec['name'], 'server_group/name');
    const policies = ['anti-affinity', 'affinity', 'soft-anti-affinity', 'soft-affinity'];
    const policy = spec['policy'];
    if (typeof policy !== 'string' || !policies.includes(policy)) {
      throw invalidInput(
        'server_group/policy',
        policy,
        `${pyRepr(policy)} is not one of ${pyRepr(policies)}`,
      );
    }
    const rawRules = spec['rules'] ?? {};
    if (!isObject(rawRules))
      throw invalidInput(
        'server_group/rules',
        rawRules,
        `${pyRepr(rawRules)} is not of type 'object'`,
      );
    const unexpected = Object.keys(rawRules).filter((k) => k !== 'max_server_per_host');
    if (unexpected.length > 0) {
      throw invalidInput(
        'server_group/rules',
        rawRules,
        `Additional properties are not allowed (${unexpected.map(pyRepr).join(', ')} ${unexpected.length === 1 ? 'was' : 'were'} unexpected)`,
      );
    }
    const rules: Record<string, number> = {};
    if (rawRules['max_server_per_host'] !== undefined) {
      rules['max_server_per_host'] = checkInteger(
        rawRules['max_server_per_host'],
        'server_group/rules/max_server_per_host',
        {
          min: 1,
        },
      );
    }
    if (policy !== 'anti-affinity' && Object.keys(rules).length > 0) {
      throw badRequest('Only anti-affinity policy supports rules.');
    }
    return { name, policy, rules };
  }
  const spec = bodyObject(request.body, 'server_group', ['name', 'policies'], ['name', 'policies']);
  const name = checkName(spec['name'], 'server_group/name');
  const allowed = atLeast(request, '2.15')
    ? ['anti-affinity', 'affinity', 'soft-anti-affinity', 'soft-affinity']
    : ['anti-affinity', 'affinity'];
  const policies = spec['policies'];
  if (!Array.isArray(policies)) {
    throw invalidInput(
      'server_group/policies',
      policies,
      `${pyRepr(policies)} is not of type 'array'`,
    );
  }
  if (policies.length === 0)
    throw invalidInput('server_group/policies', policies, '[] is too short');
  if (policies.length > 1)
    throw invalidInput('server_group/policies', policies, `${pyRepr(policies)} is too long`);
  const policy: unknown = policies[0];
  if (typeof policy !== 'string' || !allowed.includes(policy)) {
    throw invalidInput(
      'server_group/policies/0',
      policy,
      `${pyRepr(policy)} is not one of ${pyRepr(allowed)}`,
    );
  }
  return { name, policy, rules: {} };
};

export const serverGroupRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(serverGroups);

  app.get('/os-server-groups', async (request) => {
    const caller = callerOf(request);
    const projectId = caller.project?.id ?? '';
    authorize(request, 'compute', 'os_compute_api:os-server-groups:index', {
      project_id: projectId,
    });
    const allProjectsRaw = queryValue(request.query, 'all_projects');
    const wantsAll = allProjectsRaw !== undefined && parseBoolString(allProjectsRaw) !== false;
    // A non-admin asking for all projects silently gets its own, as nova does.
    const all =
      wantsAll &&
      isAllowed(request, 'compute', 'os_compute_api:os-server-groups:index:all_projects', {
        project_id: projectId,
      });
    const groups = all ? col.all() : col.where('project_id', projectId);
    const page = pageByOffset(
      groups,
      parseLimit(queryValue(request.query, 'limit')),
      parseOffset(queryValue(request.query, 'offset')),
    );
    return { server_groups: page.map((g) => view(request, g)) };
  });

  app.get<{ Params: { id: string } }>('/os-server-groups/:id', async (request) => {
    const group = col.get(request.params.id);
    if (!group) throw serverGroupNotFound(request.params.id);
    authorize(request, 'compute', 'os_compute_api:os-server-groups:show', {
      project_id: group.project_id,
    });
    return { server_group: view(request, group) };
  });

  app.post('/os-server-groups', async (request) => {
    const caller = callerOf(request);
    const projectId = caller.project?.id ?? '';
    authorize(request, 'compute', 'os_compute_api:os-server-groups:create', {
      project_id: projectId,
      user_id: caller.user.id,
    });
    const parsed = parseCreate(request);
    const group = store.transaction(() => {
      const allowed = effectiveQuotas(store, projectId, caller.user.id).server_groups;
      if (allowed >= 0 && projectUsage(store, projectId).server_groups >= allowed) {
        throw new Fault(403, 'Quota exceeded, too many server groups.');
      }
      return col.insert({
        id: uuid(),
        ...parsed,
        project_id: projectId,
        user_id: caller.user.id,
        members: [],
        created_at: ctx.now().toISOString(),
      });
    });
    return { server_group: view(request, group) };
  });

  app.delete<{ Params: { id: string } }>('/os-server-groups/:id', async (request, reply) => {
    const group = col.get(request.params.id);
    if (!group) throw serverGroupNotFound(request.params.id);
    authorize(request, 'compute', 'os_compute_api:os-server-groups:delete', {
      project_id: group.project_id,
    });
    col.delete(group.id);
    return reply.code(204).send();
  });
};
