import { Type, type Static } from 'typebox';
import { ListOf, type List } from '../common';

/** One quota: `volumes`, `gigabytes`, `snapshots`, `backups`, per-type `volumes_<type>`… */
export const QuotaLimit = Type.Object({
  name: Type.String(),
  /** -1 is unlimited. */
  limit: Type.Integer(),
});
export type QuotaLimit = Static<typeof QuotaLimit>;
export const QuotaLimitList = ListOf(QuotaLimit);
export type QuotaLimitList = List<QuotaLimit>;

/** PATCH bodies of /api/cinder/quota-sets/…: quota name → new limit (-1 unlimited). */
export const CinderQuotaUpdate = Type.Record(
  Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,255}$' }),
  Type.Integer({ minimum: -1, maximum: 2147483647 }),
  // A key outside the pattern is dropped like any unknown field, never sent on: without this
  // it could carry any value, however deeply nested, through to Cinder.
  { additionalProperties: false },
);
export type CinderQuotaUpdate = Static<typeof CinderQuotaUpdate>;

export const ProjectIdParams = Type.Object({
  projectId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type ProjectIdParams = Static<typeof ProjectIdParams>;
