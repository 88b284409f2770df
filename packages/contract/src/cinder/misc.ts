import { Type, type Static } from 'typebox';
import { ListOf, Nullable, StringMap, type List } from '../common';

/** GET /api/cinder/tenantabsolutelimits/ — Cinder's absolute limits, name → number (-1: none). */
export const CinderLimits = Type.Record(Type.String(), Type.Number());
export type CinderLimits = Static<typeof CinderLimits>;

/** An availability zone (spec 2 §3 `zoneName`), as Cinder and Nova list them. */
export const AvailabilityZone = Type.Object({
  zoneName: Type.String(),
  zoneState: Type.Object({ available: Type.Boolean() }),
});
export type AvailabilityZone = Static<typeof AvailabilityZone>;
export const AvailabilityZoneList = ListOf(AvailabilityZone);
export type AvailabilityZoneList = List<AvailabilityZone>;

/** GET /api/cinder/services/ (admin). */
export const CinderService = Type.Object({
  binary: Type.String(),
  host: Type.String(),
  zone: Type.String(),
  status: Type.String(),
  state: Type.String(),
  updated_at: Nullable(Type.String()),
  disabled_reason: Type.Optional(Nullable(Type.String())),
  cluster: Type.Optional(Nullable(Type.String())),
  backend_state: Type.Optional(Type.String()),
});
export type CinderService = Static<typeof CinderService>;
export const CinderServiceList = ListOf(CinderService);
export type CinderServiceList = List<CinderService>;

/** GET /api/cinder/qosspecs/ (admin). */
export const QosSpec = Type.Object({
  id: Type.String(),
  name: Type.String(),
  consumer: Type.String(),
  specs: StringMap,
});
export type QosSpec = Static<typeof QosSpec>;
export const QosSpecList = ListOf(QosSpec);
export type QosSpecList = List<QosSpec>;

/** GET /api/cinder/pools/ (admin): the scheduler's back-end pools, `host@backend#pool`. */
export const CinderPool = Type.Object({ name: Type.String() });
export type CinderPool = Static<typeof CinderPool>;
export const CinderPoolList = ListOf(CinderPool);
export type CinderPoolList = List<CinderPool>;
