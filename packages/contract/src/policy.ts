import { Type, type Static } from 'typebox';

/** [service, rule] as Horizon's policy checks, e.g. ["compute", "os_compute_api:os-keypairs:create"]. */
export const PolicyRule = Type.Tuple([
  Type.String({ minLength: 1, maxLength: 64 }),
  Type.String({ minLength: 1, maxLength: 255 }),
]);
export type PolicyRule = Static<typeof PolicyRule>;

/** Per-row target: the fields oslo.policy substitutes, e.g. %(project_id)s. */
export const PolicyTarget = Type.Record(
  Type.String({ maxLength: 128 }),
  Type.Union([Type.String({ maxLength: 1024 }), Type.Boolean(), Type.Number(), Type.Null()]),
);
export type PolicyTarget = Static<typeof PolicyTarget>;

/** POST /api/policy/ — all rules must pass (spec 2 §7). */
export const PolicyBody = Type.Object(
  {
    rules: Type.Array(PolicyRule, { maxItems: 100 }),
    target: Type.Optional(PolicyTarget),
  },
  { additionalProperties: false },
);
export type PolicyBody = Static<typeof PolicyBody>;
export const PolicyAnswer = Type.Object({ allowed: Type.Boolean() });
export type PolicyAnswer = Static<typeof PolicyAnswer>;

/** POST /api/policy/batch/ — every check a page needs in one request; answers in order. */
export const PolicyBatchBody = Type.Object(
  { checks: Type.Array(PolicyBody, { maxItems: 1000 }) },
  { additionalProperties: false },
);
export type PolicyBatchBody = Static<typeof PolicyBatchBody>;
export const PolicyBatchAnswer = Type.Object({ allowed: Type.Array(Type.Boolean()) });
export type PolicyBatchAnswer = Static<typeof PolicyBatchAnswer>;
