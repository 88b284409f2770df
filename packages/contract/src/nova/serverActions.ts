import { Type, type Static } from 'typebox';
import { NoContent, Nullable, StringMap } from '../common';
import { route, routes } from '../route';
import { Instance, InstanceParams } from './servers';

/**
 * The operations of POST /api/nova/servers/:id/ (spec 2 §7: "an operation field"; §4 names
 * start, stop, pause, unpause, suspend, resume, soft_reboot and hard_reboot). Each maps onto
 * one Nova server action; the admin ones (reset_state, migrate, live_migrate) are refused by
 * Nova's policy for others, not by us.
 */
export const SERVER_OPERATIONS = [
  'start',
  'stop',
  'soft_reboot',
  'hard_reboot',
  'pause',
  'unpause',
  'suspend',
  'resume',
  'shelve',
  'unshelve',
  'lock',
  'unlock',
  'rescue',
  'unrescue',
  'resize',
  'confirm_resize',
  'revert_resize',
  'rebuild',
  'reset_state',
  'migrate',
  'live_migrate',
] as const;
export type ServerOperation = (typeof SERVER_OPERATIONS)[number];

export const DISK_CONFIGS = ['AUTO', 'MANUAL'] as const;
export type DiskConfig = (typeof DISK_CONFIGS)[number];

const Id = Type.String({ minLength: 1, maxLength: 255 });

/**
 * The action body: `operation` plus the fields that operation takes. One flat object, not a
 * union of objects: the validator drops unknown fields, which would strip a union's branches
 * one after another. Which fields an operation takes or needs is checked by
 * `serverActionProblem` (shared with the web's forms), so a stray field is a clear 400.
 */
export const ServerActionBody = Type.Object({
  operation: Type.Unsafe<ServerOperation>(
    Type.Union(SERVER_OPERATIONS.map((op) => Type.Literal(op))),
  ),
  /** resize: the new flavor's id. */
  flavorRef: Type.Optional(Id),
  /** rebuild (required) and rescue (optional rescue image): an image id. */
  imageRef: Type.Optional(Id),
  /** rebuild and rescue: the new root password (Nova generates one when left out). */
  adminPass: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  /** rebuild and resize. */
  'OS-DCF:diskConfig': Type.Optional(
    Type.Unsafe<DiskConfig>(Type.Union(DISK_CONFIGS.map((d) => Type.Literal(d)))),
  ),
  /** rebuild: a new name. */
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  /** lock: why (Nova 2.73). */
  locked_reason: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  /** reset_state. */
  state: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('error')])),
  /** migrate (Nova 2.56) and live_migrate: the target host; left out, the scheduler picks. */
  host: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 255 }))),
  /** live_migrate: `auto` (the default) lets Nova choose. */
  block_migration: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('auto')])),
});
export type ServerActionBody = Static<typeof ServerActionBody>;

type ActionField = Exclude<keyof ServerActionBody, 'operation'>;

/** What each operation takes, and which of those it needs. */
export const SERVER_OPERATION_FIELDS: Readonly<
  Record<
    ServerOperation,
    { readonly takes: readonly ActionField[]; readonly needs?: readonly ActionField[] }
  >
> = {
  start: { takes: [] },
  stop: { takes: [] },
  soft_reboot: { takes: [] },
  hard_reboot: { takes: [] },
  pause: { takes: [] },
  unpause: { takes: [] },
  suspend: { takes: [] },
  resume: { takes: [] },
  shelve: { takes: [] },
  unshelve: { takes: [] },
  lock: { takes: ['locked_reason'] },
  unlock: { takes: [] },
  rescue: { takes: ['adminPass', 'imageRef'] },
  unrescue: { takes: [] },
  resize: { takes: ['flavorRef', 'OS-DCF:diskConfig'], needs: ['flavorRef'] },
  confirm_resize: { takes: [] },
  revert_resize: { takes: [] },
  rebuild: {
    takes: ['imageRef', 'adminPass', 'OS-DCF:diskConfig', 'name'],
    needs: ['imageRef'],
  },
  reset_state: { takes: ['state'], needs: ['state'] },
  migrate: { takes: ['host'] },
  live_migrate: { takes: ['host', 'block_migration'] },
};

/** Why a body cannot be sent as it is (a 400's message), or undefined when it can. */
export const serverActionProblem = (body: ServerActionBody): string | undefined => {
  const { operation, ...fields } = body;
  const spec = SERVER_OPERATION_FIELDS[operation];
  const stray = Object.keys(fields).filter((f) => !spec.takes.includes(f as ActionField));
  if (stray.length > 0) {
    return `${operation} does not take ${stray.join(', ')}`;
  }
  const missing = (spec.needs ?? []).filter((f) => fields[f] === undefined || fields[f] === null);
  if (missing.length > 0) return `${operation} needs ${missing.join(', ')}`;
  return undefined;
};

/** 202: Nova accepted the action; the instance shows its progress in its status. */
export const ServerActionAccepted = Type.Object({
  id: Type.String(),
  operation: Type.String(),
});
export type ServerActionAccepted = Static<typeof ServerActionAccepted>;

/** PUT /api/nova/servers/:id/ — the fields the edit form changes (description: Nova 2.19). */
export const InstanceUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    /** Empty clears it. */
    description: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  },
  { minProperties: 1 },
);
export type InstanceUpdateBody = Static<typeof InstanceUpdateBody>;

/** POST /api/nova/snapshots/ (spec 2 §7): an image of the instance's disk. */
export const SnapshotCreateBody = Type.Object({
  instance_id: Type.String({ minLength: 1, maxLength: 255 }),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  metadata: Type.Optional(StringMap),
});
export type SnapshotCreateBody = Static<typeof SnapshotCreateBody>;

/** 202: the image is being written; `id` is null on a Nova older than 2.45 (it names none). */
export const SnapshotCreated = Type.Object({
  id: Nullable(Type.String()),
  name: Type.String(),
  instance_id: Type.String(),
});
export type SnapshotCreated = Static<typeof SnapshotCreated>;

/**
 * The instance actions' routes (issue 9), spread into the nova table: one POST for every
 * operation (spec 2 §7), PUT to edit, DELETE, and the snapshot.
 */
export const novaServerActionRoutes = {
  ...routes('nova.servers', {
    action: route({
      method: 'POST',
      path: '/api/nova/servers/:id/',
      params: InstanceParams,
      body: ServerActionBody,
      response: { 202: ServerActionAccepted },
    }),
    update: route({
      method: 'PUT',
      path: '/api/nova/servers/:id/',
      params: InstanceParams,
      body: InstanceUpdateBody,
      response: { 200: Instance },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/nova/servers/:id/',
      params: InstanceParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('nova.snapshots', {
    create: route({
      method: 'POST',
      path: '/api/nova/snapshots/',
      body: SnapshotCreateBody,
      response: { 202: SnapshotCreated },
    }),
  }),
};
