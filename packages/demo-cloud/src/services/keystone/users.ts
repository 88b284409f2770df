import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault } from '../../core/faults';
import { hexId } from '../../core/ids';
import { authorize } from '../../core/policy';
import type { PolicyTarget } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { projectsOfUser } from './effectiveRoles';
import {
  duplicateFault,
  envelope,
  extras,
  isObject,
  listLinks,
  notFoundFault,
  optionalBoolean,
  optionalNullableString,
  optionalString,
  queryFlag,
  queryString,
  requiredName,
  schemaFault,
  unauthorizedFault,
} from './http';
import {
  applicationCredentials,
  assignments,
  domains,
  groups,
  memberships,
  projects,
  users,
} from './model';
import type { UserDoc } from './model';
import { hashPassword, verifyPassword } from './passwords';
import { groupView, loadUser, projectView, userView } from './views';
import { revokeUserTokens } from './tokens';

const KNOWN = [
  'id',
  'name',
  'domain_id',
  'enabled',
  'default_project_id',
  'password',
  'options',
  'links',
  'password_expires_at',
  'federated',
];

const userTarget = (u: UserDoc): PolicyTarget => ({
  target: { user: { id: u.id, domain_id: u.domain_id } },
});

export const userRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(users);

  /** Keystone builds the policy target from the user when it exists and enforces before a 404. */
  const loadUserFor = (
    request: FastifyRequest<{ Params: { id: string } }>,
    rule: string,
  ): UserDoc => {
    const user = col.get(request.params.id);
    authorize(request, 'identity', rule, user ? userTarget(user) : {});
    if (!user) throw notFoundFault('user', request.params.id);
    return user;
  };

  const checkDefaultProject = (projectId: string | null | undefined): void => {
    if (projectId && !store.collection(projects).get(projectId))
      throw notFoundFault('project', projectId);
  };

  app.get('/users', async (request) => {
    authorize(request, 'identity', 'identity:list_users', {});
    const name = queryString(request.query, 'name');
    const domainId = queryString(request.query, 'domain_id');
    const enabled = queryFlag(request.query, 'enabled');
    const list = col
      .all()
      .filter((u) => name === undefined || u.name === name)
      .filter((u) => domainId === undefined || u.domain_id === domainId)
      .filter((u) => enabled === undefined || u.enabled === enabled);
    return { users: list.map((u) => userView(ctx, request, u)), links: listLinks(ctx, request) };
  });

  app.post('/users', async (request, reply) => {
    const spec = envelope(request.body, 'user');
    const name = requiredName(spec, 'user');
    const caller = callerOf(request);
    const domainId =
      optionalString(spec, 'domain_id', 'user') ??
      caller.project?.domain.id ??
      caller.domain?.id ??
      'default';
    authorize(request, 'identity', 'identity:create_user', {
      target: { user: { domain_id: domainId } },
    });
    if (!store.collection(domains).get(domainId)) throw notFoundFault('domain', domainId);
    if (col.where('name', name).some((u) => u.domain_id === domainId)) {
      throw duplicateFault('user', name, domainId);
    }
    const defaultProject = optionalNullableString(spec, 'default_project_id', 'user');
    checkDefaultProject(defaultProject);
    const password = optionalNullableString(spec, 'password', 'user');
    const user: UserDoc = {
      id: hexId(),
      name,
      domain_id: domainId,
      enabled: optionalBoolean(spec, 'enabled', 'user') ?? true,
      default_project_id: defaultProject ?? null,
      password_hash: password ? hashPassword(password) : null,
      password_expires_at: null,
      options: isObject(spec['options']) ? spec['options'] : {},
      extra: extras(spec, KNOWN),
      created_at: ctx.now().toISOString(),
    };
    col.insert(user);
    return reply.code(201).send({ user: userView(ctx, request, user) });
  });

  app.get<{ Params: { id: string } }>('/users/:id', async (request) => {
    const user = loadUserFor(request, 'identity:get_user');
    return { user: userView(ctx, request, user) };
  });

  app.patch<{ Params: { id: string } }>('/users/:id', async (request) => {
    const current = loadUserFor(request, 'identity:update_user');
    const spec = envelope(request.body, 'user');
    if (spec['domain_id'] !== undefined && spec['domain_id'] !== current.domain_id) {
      throw new Fault(400, 'Cannot change Domain ID');
    }
    const name = spec['name'] === undefined ? current.name : requiredName(spec, 'user');
    if (
      name !== current.name &&
      col.where('name', name).some((u) => u.domain_id === current.domain_id)
    ) {
      throw duplicateFault('user', name, current.domain_id);
    }
    const defaultProject = optionalNullableString(spec, 'default_project_id', 'user');
    checkDefaultProject(defaultProject);
    const password = optionalNullableString(spec, 'password', 'user');
    const enabled = optionalBoolean(spec, 'enabled', 'user') ?? current.enabled;
    const updated = store.transaction(() => {
      const next = col.put({
        ...current,
        name,
        enabled,
        default_project_id:
          defaultProject === undefined ? current.default_project_id : defaultProject,
        password_hash:
          password === undefined ? current.password_hash : password ? hashPassword(password) : null,
        options: isObject(spec['options'])
          ? { ...current.options, ...spec['options'] }
          : current.options,
        extra: { ...current.extra, ...extras(spec, KNOWN) },
      });
      if (!enabled || password !== undefined) revokeUserTokens(store, current.id);
      return next;
    });
    // Keystone's update answer also shows the raw `extra` attributes.
    return { user: { ...userView(ctx, request, updated), extra: updated.extra } };
  });

  app.delete<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
    const user = loadUserFor(request, 'identity:delete_user');
    store.transaction(() => {
      revokeUserTokens(store, user.id);
      store.collection(assignments).deleteWhere('actor_id', user.id);
      store.collection(memberships).deleteWhere('user_id', user.id);
      store.collection(applicationCredentials).deleteWhere('user_id', user.id);
      col.delete(user.id);
    });
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/users/:id/projects', async (request) => {
    const user = loadUser(store, request.params.id);
    authorize(request, 'identity', 'identity:list_user_projects', userTarget(user));
    const enabled = queryFlag(request.query, 'enabled');
    const list = projectsOfUser(store, user.id).filter(
      (p) => enabled === undefined || p.enabled === enabled,
    );
    return {
      projects: list.map((p) => projectView(ctx, request, p)),
      links: listLinks(ctx, request),
    };
  });

  app.get<{ Params: { id: string } }>('/users/:id/groups', async (request) => {
    const user = loadUser(store, request.params.id);
    authorize(request, 'identity', 'identity:list_groups_for_user', { user_id: user.id });
    const groupCol = store.collection(groups);
    const list = store
      .collection(memberships)
      .where('user_id', user.id)
      .flatMap((m) => groupCol.get(m.group_id) ?? []);
    return {
      // Memberships through federation expire; local ones never do.
      groups: list.map((g) => ({ ...groupView(ctx, request, g), membership_expires_at: null })),
      links: listLinks(ctx, request),
    };
  });
};

/**
 * POST /v3/users/{id}/password: the self-service password change. Keystone enforces no policy
 * and needs no token here: the original password authenticates the call, and anything that does
 * not check out (an unknown user too) is the same 401.
 */
export const userPasswordRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  app.post<{ Params: { id: string } }>('/users/:id/password', async (request, reply) => {
    const spec = envelope(request.body, 'user');
    for (const required of ['original_password', 'password']) {
      if (spec[required] === undefined) {
        throw schemaFault('user', `'${required}' is a required property`);
      }
    }
    const unexpected = Object.keys(spec).filter(
      (key) => key !== 'original_password' && key !== 'password',
    );
    if (unexpected.length > 0) {
      throw schemaFault(
        'user',
        `Additional properties are not allowed (${unexpected.map((k) => `'${k}'`).join(', ')} ${unexpected.length === 1 ? 'was' : 'were'} unexpected)`,
      );
    }
    const original = optionalString(spec, 'original_password', 'user') ?? '';
    const password = optionalString(spec, 'password', 'user') ?? '';
    const user = store.collection(users).get(request.params.id);
    if (!user || !user.enabled || !verifyPassword(original, user.password_hash)) {
      throw unauthorizedFault();
    }
    store.transaction(() => {
      store.collection(users).put({ ...user, password_hash: hashPassword(password) });
      revokeUserTokens(store, user.id);
    });
    return reply.code(204).send();
  });
};
