import { Type, type Static } from 'typebox';
import { IdentityPageQuery } from './projects';

const Name = Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' });
const Description = Type.String({ maxLength: 65535 });

export const GroupListQuery = Type.Object({
  domain_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  name__icontains: IdentityPageQuery.name__icontains,
});
export type GroupListQuery = Static<typeof GroupListQuery>;

/** Create Group: the domain is the session's domain context (or the default) unless named. */
export const GroupCreateBody = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    domain_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type GroupCreateBody = Static<typeof GroupCreateBody>;

export const GroupUpdateBody = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description) },
  { additionalProperties: false, minProperties: 1 },
);
export type GroupUpdateBody = Static<typeof GroupUpdateBody>;

export const GroupMemberParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  userId: Type.String({ minLength: 1, maxLength: 255 }),
});
export type GroupMemberParams = Static<typeof GroupMemberParams>;
