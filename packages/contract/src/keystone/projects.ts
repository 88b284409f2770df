import { Type, type Static } from 'typebox';
import { ListOf, type List } from '../common';

export const Project = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  domain_id: Type.String(),
  enabled: Type.Boolean(),
  parent_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  is_domain: Type.Optional(Type.Boolean()),
});
export type Project = Static<typeof Project>;
export const ProjectList = ListOf(Project);
export type ProjectList = List<Project>;

/** The orders an identity table can be paged in (Keystone has no sort; the server sorts). */
export const IdentitySortKey = Type.Union([
  Type.Literal('name'),
  Type.Literal('id'),
  Type.Literal('enabled'),
]);
export type IdentitySortKey = Static<typeof IdentitySortKey>;

/**
 * Paging of an identity list (issue 12): Keystone answers a whole collection at once, so the
 * server sorts, filters and cuts it, and the browser only ever receives one page.
 */
export const IdentityPageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  marker: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  prev_marker: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  sort_key: Type.Optional(IdentitySortKey),
  sort_dir: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  /** Part of the name, any case (the table's name facet). */
  name__icontains: Type.Optional(Type.String({ maxLength: 255 })),
};

export const ProjectListQuery = Type.Object({
  /** `current` lists the projects of the signed-in user (the switcher); else all (admin). */
  user: Type.Optional(Type.String({ maxLength: 64 })),
  domain_id: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.Optional(Type.String({ maxLength: 255 })),
  enabled: Type.Optional(Type.Boolean()),
  ...IdentityPageQuery,
});
export type ProjectListQuery = Static<typeof ProjectListQuery>;

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) });
export type IdParams = Static<typeof IdParams>;

const Name = Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' });
const Description = Type.String({ maxLength: 65535 });

export const ProjectCreateBody = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    domain_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ProjectCreateBody = Static<typeof ProjectCreateBody>;

export const ProjectUpdateBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ProjectUpdateBody = Static<typeof ProjectUpdateBody>;

/** A bulk delete (spec 2 §7): the ids, at most a table's page of selections. */
export const IdsBody = Type.Object(
  {
    ids: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { minItems: 1, maxItems: 1000 }),
  },
  { additionalProperties: false },
);
export type IdsBody = Static<typeof IdsBody>;

/** What a bulk delete did, item by item (the "Deleted X: %s" / "Unable to delete X: %s" toasts). */
export const BulkDeleteResult = Type.Object({
  deleted: Type.Array(Type.String()),
  failed: Type.Array(Type.Object({ id: Type.String(), message: Type.String() })),
});
export type BulkDeleteResult = Static<typeof BulkDeleteResult>;

export const RoleRef = Type.Object({ id: Type.String(), name: Type.String() });
export type RoleRef = Static<typeof RoleRef>;

/** A user holding roles on a project directly (the Members tab, the Membership step). */
export const ProjectMember = Type.Object({
  user_id: Type.String(),
  user_name: Type.String(),
  roles: Type.Array(RoleRef),
});
export type ProjectMember = Static<typeof ProjectMember>;
export const ProjectMemberList = ListOf(ProjectMember);
export type ProjectMemberList = List<ProjectMember>;

/** The Membership step's outcome: every member and the roles each should hold, nothing else. */
export const ProjectMembersBody = Type.Object(
  {
    members: Type.Array(
      Type.Object(
        {
          user_id: Type.String({ minLength: 1, maxLength: 64 }),
          role_ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 1000 },
    ),
  },
  { additionalProperties: false },
);
export type ProjectMembersBody = Static<typeof ProjectMembersBody>;

export const GrantParams = Type.Object({
  projectId: Type.String({ minLength: 1, maxLength: 64 }),
  roleId: Type.String({ minLength: 1, maxLength: 64 }),
  userId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type GrantParams = Static<typeof GrantParams>;
