import type { FastifyInstance } from 'fastify';
import { Fault } from '../../core/faults';
import { hexId } from '../../core/ids';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  envelope,
  listLinks,
  notFoundFault,
  optionalBoolean,
  optionalString,
  optionalTags,
  queryFlag,
  queryString,
  requiredName,
} from './http';
import { assignments, domains, groups, projects, users } from './model';
import type { DomainDoc } from './model';
import { domainView } from './views';

/** A domain is a project acting as a domain, and Keystone says so when the name is taken. */
const duplicateDomain = (name: string): Fault =>
  new Fault(
    409,
    `Conflict occurred attempting to store project - it is not permitted to have two projects acting as domains with the same name: ${name}.`,
  );

export const domainRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const col = ctx.store.collection(domains);
  const load = (id: string): DomainDoc => {
    const domain = col.get(id);
    if (!domain) throw notFoundFault('domain', id);
    return domain;
  };

  app.get('/domains', async (request) => {
    authorize(request, 'identity', 'identity:list_domains', {});
    const name = queryString(request.query, 'name');
    const enabled = queryFlag(request.query, 'enabled');
    const list = col
      .all()
      .filter((d) => name === undefined || d.name === name)
      .filter((d) => enabled === undefined || d.enabled === enabled);
    return {
      domains: list.map((d) => domainView(ctx, request, d)),
      links: listLinks(ctx, request),
    };
  });

  app.post('/domains', async (request, reply) => {
    authorize(request, 'identity', 'identity:create_domain', {});
    const spec = envelope(request.body, 'domain');
    const name = requiredName(spec, 'domain', 64);
    if (col.findOne('name', name)) {
      throw duplicateDomain(name);
    }
    const domain: DomainDoc = {
      id: hexId(),
      name,
      description: optionalString(spec, 'description', 'domain', { max: 65535 }) ?? '',
      enabled: optionalBoolean(spec, 'enabled', 'domain') ?? true,
      tags: optionalTags(spec, 'domain') ?? [],
      options: {},
    };
    col.insert(domain);
    return reply.code(201).send({ domain: domainView(ctx, request, domain) });
  });

  app.get<{ Params: { id: string } }>('/domains/:id', async (request) => {
    // The target is the id asked for: policy is checked before the domain is looked up.
    authorize(request, 'identity', 'identity:get_domain', {
      target: { domain: { id: request.params.id } },
    });
    const domain = load(request.params.id);
    return { domain: domainView(ctx, request, domain) };
  });

  app.patch<{ Params: { id: string } }>('/domains/:id', async (request) => {
    authorize(request, 'identity', 'identity:update_domain', {});
    const current = load(request.params.id);
    const spec = envelope(request.body, 'domain');
    const name = spec['name'] === undefined ? current.name : requiredName(spec, 'domain', 64);
    if (name !== current.name && col.findOne('name', name)) {
      throw duplicateDomain(name);
    }
    const updated = col.put({
      ...current,
      name,
      description:
        optionalString(spec, 'description', 'domain', { max: 65535 }) ?? current.description,
      enabled: optionalBoolean(spec, 'enabled', 'domain') ?? current.enabled,
      tags: optionalTags(spec, 'domain') ?? current.tags,
    });
    return { domain: domainView(ctx, request, updated) };
  });

  app.delete<{ Params: { id: string } }>('/domains/:id', async (request, reply) => {
    authorize(request, 'identity', 'identity:delete_domain', {});
    const domain = load(request.params.id);
    if (domain.enabled) {
      throw new Fault(403, 'Cannot delete a domain that is enabled, please disable it first.');
    }
    const { store } = ctx;
    store.transaction(() => {
      const grants = store.collection(assignments);
      for (const project of store.collection(projects).where('domain_id', domain.id)) {
        grants.deleteWhere('target_id', project.id);
        store.collection(projects).delete(project.id);
      }
      for (const user of store.collection(users).where('domain_id', domain.id)) {
        grants.deleteWhere('actor_id', user.id);
        store.collection(users).delete(user.id);
      }
      for (const group of store.collection(groups).where('domain_id', domain.id)) {
        grants.deleteWhere('actor_id', group.id);
        store.collection(groups).delete(group.id);
      }
      store.collection(assignments).deleteWhere('target_id', domain.id);
      col.delete(domain.id);
    });
    return reply.code(204).send();
  });
};
