import type { FastifyRequest } from 'fastify';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import { notFoundFault, selfLink } from './http';
import { groups, projects, roles, users } from './model';
import type { DomainDoc, GroupDoc, ProjectDoc, RoleDoc, UserDoc } from './model';

export const domainView = (ctx: CloudContext, request: FastifyRequest, d: DomainDoc): object => ({
  id: d.id,
  name: d.name,
  description: d.description,
  enabled: d.enabled,
  tags: d.tags,
  options: d.options,
  links: selfLink(ctx, request, `/domains/${d.id}`),
});

export const projectView = (ctx: CloudContext, request: FastifyRequest, p: ProjectDoc): object => ({
  ...p.extra,
  id: p.id,
  name: p.name,
  domain_id: p.domain_id,
  parent_id: p.parent_id,
  is_domain: p.is_domain,
  enabled: p.enabled,
  description: p.description,
  tags: p.tags,
  options: p.options,
  links: selfLink(ctx, request, `/projects/${p.id}`),
});

export const userView = (ctx: CloudContext, request: FastifyRequest, u: UserDoc): object => ({
  ...u.extra,
  id: u.id,
  name: u.name,
  domain_id: u.domain_id,
  enabled: u.enabled,
  // Keystone leaves default_project_id out when it is not set.
  ...(u.default_project_id ? { default_project_id: u.default_project_id } : {}),
  password_expires_at: u.password_expires_at,
  options: u.options,
  links: selfLink(ctx, request, `/users/${u.id}`),
});

export const groupView = (ctx: CloudContext, request: FastifyRequest, g: GroupDoc): object => ({
  id: g.id,
  name: g.name,
  domain_id: g.domain_id,
  description: g.description,
  links: selfLink(ctx, request, `/groups/${g.id}`),
});

export const roleView = (ctx: CloudContext, request: FastifyRequest, r: RoleDoc): object => ({
  id: r.id,
  name: r.name,
  domain_id: r.domain_id,
  description: r.description,
  options: r.options,
  links: selfLink(ctx, request, `/roles/${r.id}`),
});

/** The short `{id, name, links}` form used in role inference answers. */
export const roleRef = (ctx: CloudContext, request: FastifyRequest, r: RoleDoc): object => ({
  id: r.id,
  name: r.name,
  links: selfLink(ctx, request, `/roles/${r.id}`),
});

export const loadProject = (store: Store, id: string): ProjectDoc => {
  const project = store.collection(projects).get(id);
  if (!project) throw notFoundFault('project', id);
  return project;
};

export const loadUser = (store: Store, id: string): UserDoc => {
  const user = store.collection(users).get(id);
  if (!user) throw notFoundFault('user', id);
  return user;
};

export const loadGroup = (store: Store, id: string): GroupDoc => {
  const group = store.collection(groups).get(id);
  if (!group) throw notFoundFault('group', id);
  return group;
};

export const loadRole = (store: Store, id: string): RoleDoc => {
  const role = store.collection(roles).get(id);
  if (!role) throw notFoundFault('role', id);
  return role;
};
