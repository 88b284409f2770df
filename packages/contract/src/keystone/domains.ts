import { Type, type Static } from 'typebox';
import { ListOf, type List } from '../common';

export const KeystoneDomain = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  enabled: Type.Boolean(),
});
export type KeystoneDomain = Static<typeof KeystoneDomain>;
export const KeystoneDomainList = ListOf(KeystoneDomain);
export type KeystoneDomainList = List<KeystoneDomain>;

const Name = Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' });

export const DomainCreateBody = Type.Object(
  {
    name: Name,
    description: Type.Optional(Type.String({ maxLength: 65535 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DomainCreateBody = Static<typeof DomainCreateBody>;

export const DomainUpdateBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Type.String({ maxLength: 65535 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type DomainUpdateBody = Static<typeof DomainUpdateBody>;

export const RoleCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
    description: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type RoleCreateBody = Static<typeof RoleCreateBody>;

export const RoleUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' })),
    description: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;
