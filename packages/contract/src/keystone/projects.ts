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

export const ProjectListQuery = Type.Object({
  /** `current` lists the projects of the signed-in user (the switcher); else all (admin). */
  user: Type.Optional(Type.String({ maxLength: 64 })),
  domain_id: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.Optional(Type.String({ maxLength: 255 })),
});
export type ProjectListQuery = Static<typeof ProjectListQuery>;

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) });
export type IdParams = Static<typeof IdParams>;
