import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault } from '../../core/faults';
import { hexId } from '../../core/ids';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  duplicateFault,
  envelope,
  extras,
  listLinks,
  notFoundFault,
  optionalBoolean,
  optionalString,
  optionalTags,
  queryFlag,
  queryString,
  requiredName,
  schemaFault,
} from './http';
import { assignments, domains, projects } from './model';
import type { ProjectDoc } from './model';
import { projectsOfUser } from './effectiveRoles';
import { projectView } from './views';
import type { Store } from '../../store/store';

const KNOWN = [
  'id',
  'name',
  'domain_id',
  'parent_id',
  'is_domain',
  'enabled',
  'description',
  'tags',
  'options',
  'links',
];

/** The project and every project below it. */
export const subtreeIds = (store: Store, projectId: string): string[] => {
  const col = store.collection(projects);
  const out: string[] = [];
  const queue = [projectId];
  while (queue.length > 0) {
    const id = queue.shift();
    if (id === undefined) continue;
    out.push(id);
    for (const child of col.where('parent_id', id)) queue.push(child.id);
  }
  return out;
};

/** The project's ancestors, nearest first (the domain itself is not a project here). */
const parentIds = (store: Store, project: ProjectDoc): string[] => {
  const col = store.collection(projects);
  const out: string[] = [];
  let parent = col.get(project.parent_id);
  while (parent && !out.includes(parent.id)) {
    out.push(parent.id);
    parent = col.get(parent.parent_id);
  }
  return out;
};

/** `{parent: {grandparent: {domain: null}}}`: the domain tops every chain, as a project acting as one. */
const parentsAsIds = (store: Store, project: ProjectDoc): Record<string, unknown> => {
  const chain = [...parentIds(store, project), project.domain_id];
  return chain.reduceRight<Record<string, unknown> | null>(
    (inner, id) => ({ [id]: inner }),
    null,
  ) as Record<string, unknown>;
};

/** `{child: {grandchild: null}}`; null for a leaf. */
const subtreeAsIds = (store: Store, projectId: string): Record<string, unknown> | null => {
  const children = store.collection(projects).where('parent_id', projectId);
  if (children.length === 0) return null;
  return Object.fromEntries(children.map((c) => [c.id, subtreeAsIds(store, c.id)]));
};

export const projectRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(projects);

  /** Keystone builds the policy target from the project when it exists and enforces before a 404. */
  const loadProjectFor = (
    request: FastifyRequest<{ Params: { id: string } }>,
    rule: string,
  ): ProjectDoc => {
    const project = col.get(request.params.id);
    authorize(
      request,
      'identity',
      rule,
      project ? { target: { project: { id: project.id, domain_id: project.domain_id } } } : {},
    );
    if (!project) throw notFoundFault('project', request.params.id);
    return project;
  };

  app.get('/projects', async (request) => {
    authorize(request, 'identity', 'identity:list_projects', {});
    const q = request.query;
    const name = queryString(q, 'name');
    const domainId = queryString(q, 'domain_id');
    const parentId = queryString(q, 'parent_id');
    const enabled = queryFlag(q, 'enabled');
    const isDomain = queryFlag(q, 'is_domain') ?? false;
    const tags = queryString(q, 'tags')?.split(',');
    const tagsAny = queryString(q, 'tags-any')?.split(',');
    const list = col
      .all()
      .filter((p) => name === undefined || p.name === name)
      .filter((p) => domainId === undefined || p.domain_id === domainId)
      .filter((p) => parentId === undefined || p.parent_id === parentId)
      .filter((p) => enabled === undefined || p.enabled === enabled)
      .filter((p) => p.is_domain === isDomain)
      .filter((p) => tags === undefined || tags.every((t) => p.tags.includes(t)))
      .filter((p) => tagsAny === undefined || tagsAny.some((t) => p.tags.includes(t)));
    return {
      projects: list.map((p) => projectView(ctx, request, p)),
      links: listLinks(ctx, request),
    };
  });

  app.post('/projects', async (request, reply) => {
    const spec = envelope(request.body, 'project');
    const name = requiredName(spec, 'project', 64);
    const parentId = optionalString(spec, 'parent_id', 'project');
    const parent = parentId === undefined ? undefined : col.get(parentId);
    // Keystone reports a missing parent as a bad request, not a missing resource.
    if (parentId !== undefined && !parent) {
      throw new Fault(400, `Could not find project: ${parentId}.`);
    }
    const caller = callerOf(request);
    const domainId =
      optionalString(spec, 'domain_id', 'project') ??
      parent?.domain_id ??
      caller.project?.domain.id ??
      caller.domain?.id ??
      'default';
    authorize(request, 'identity', 'identity:create_project', {
      target: { project: { domain_id: domainId } },
    });
    if (!store.collection(domains).get(domainId)) throw notFoundFault('domain', domainId);
    if (parent && parent.domain_id !== domainId) {
      throw new Fault(
        400,
        'Cannot create project, the parent and the project are in different domains.',
      );
    }
    if (spec['is_domain'] === true) {
      throw schemaFault(
        'project/is_domain',
        'Projects acting as domains are not supported by the demo cloud.',
      );
    }
    const id = hexId();
    if (col.where('name', name).some((p) => p.domain_id === domainId)) {
      throw new Fault(
        409,
        `Conflict occurred attempting to store project - it is not permitted to have two projects with either the same name or same id in the same domain: name is ${name}, project id ${id}.`,
      );
    }
    const project: ProjectDoc = {
      id,
      name,
      domain_id: domainId,
      parent_id: parent?.id ?? domainId,
      is_domain: false,
      enabled: optionalBoolean(spec, 'enabled', 'project') ?? true,
      description: optionalString(spec, 'description', 'project', { max: 65535 }) ?? '',
      tags: optionalTags(spec, 'project') ?? [],
      options: {},
      extra: extras(spec, KNOWN),
    };
    col.insert(project);
    return reply.code(201).send({ project: projectView(ctx, request, project) });
  });

  app.get<{ Params: { id: string } }>('/projects/:id', async (request) => {
    const project = loadProjectFor(request, 'identity:get_project');
    const q = request.query;
    const has = (flag: string): boolean => queryString(q, flag) !== undefined;
    for (const kind of ['parents', 'subtree'] as const) {
      if (has(`${kind}_as_list`) && has(`${kind}_as_ids`)) {
        throw new Fault(
          400,
          `Cannot use ${kind}_as_list and ${kind}_as_ids query params at the same time.`,
        );
      }
    }
    const view = projectView(ctx, request, project) as Record<string, unknown>;
    const { links, ...fields } = view;
    const tree: Record<string, unknown> = {};
    // The lists hold only the projects the caller has a role on.
    const visible = (): Set<string> =>
      new Set(projectsOfUser(store, callerOf(request).user.id).map((p) => p.id));
    const listed = (ids: string[]): object[] => {
      const mine = visible();
      return ids
        .filter((id) => mine.has(id))
        .flatMap((id) => col.get(id) ?? [])
        .map((p) => ({ project: projectView(ctx, request, p) }));
    };
    if (has('parents_as_list')) tree['parents'] = listed(parentIds(store, project));
    if (has('parents_as_ids')) tree['parents'] = parentsAsIds(store, project);
    if (has('subtree_as_list')) tree['subtree'] = listed(subtreeIds(store, project.id).slice(1));
    if (has('subtree_as_ids')) tree['subtree'] = subtreeAsIds(store, project.id);
    return { project: { ...fields, ...tree, links } };
  });

  app.patch<{ Params: { id: string } }>('/projects/:id', async (request) => {
    const current = loadProjectFor(request, 'identity:update_project');
    const spec = envelope(request.body, 'project');
    if (spec['domain_id'] !== undefined && spec['domain_id'] !== current.domain_id) {
      throw new Fault(400, 'Cannot change Domain ID');
    }
    if (spec['is_domain'] !== undefined && spec['is_domain'] !== current.is_domain) {
      throw new Fault(400, 'Update of `is_domain` is not allowed.');
    }
    // Moving a project in the tree is refused as forbidden, not as a bad request.
    if (spec['parent_id'] !== undefined && spec['parent_id'] !== current.parent_id) {
      throw new Fault(403, 'Update of `parent_id` is not allowed.');
    }
    const enabled = optionalBoolean(spec, 'enabled', 'project') ?? current.enabled;
    if (!enabled && current.enabled) {
      const below = subtreeIds(store, current.id).slice(1);
      if (below.some((id) => col.get(id)?.enabled)) {
        throw new Fault(
          403,
          `Cannot disable project ${current.id} since its subtree contains enabled projects.`,
        );
      }
    }
    const name = spec['name'] === undefined ? current.name : requiredName(spec, 'project', 64);
    if (
      name !== current.name &&
      col.where('name', name).some((p) => p.domain_id === current.domain_id)
    ) {
      throw duplicateFault('project', name, current.domain_id);
    }
    const updated = col.put({
      ...current,
      name,
      enabled,
      description:
        optionalString(spec, 'description', 'project', { max: 65535 }) ?? current.description,
      tags: optionalTags(spec, 'project') ?? current.tags,
      extra: { ...current.extra, ...extras(spec, KNOWN) },
    });
    // Keystone's update answer also shows the raw `extra` attributes.
    return { project: { ...projectView(ctx, request, updated), extra: updated.extra } };
  });

  app.delete<{ Params: { id: string } }>('/projects/:id', async (request, reply) => {
    const project = loadProjectFor(request, 'identity:delete_project');
    if (col.count('parent_id', project.id) > 0) {
      throw new Fault(
        403,
        `Cannot delete the project ${project.id} since it is not a leaf in the hierarchy. Use the cascade option if you want to delete a whole subtree.`,
      );
    }
    store.transaction(() => {
      store.collection(assignments).deleteWhere('target_id', project.id);
      col.delete(project.id);
    });
    return reply.code(204).send();
  });
};
