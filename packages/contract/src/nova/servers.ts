import { Type, type Static } from 'typebox';
import { ListOf, Nullable, StringMap, type List } from '../common';
import { SortDir } from '../glance/images';

/** Nova's server statuses (the `status` filter; 2.38+ refuses others with a 400). */
export const SERVER_STATUSES = [
  'ACTIVE',
  'BUILD',
  'DELETED',
  'ERROR',
  'HARD_REBOOT',
  'MIGRATING',
  'PASSWORD',
  'PAUSED',
  'REBOOT',
  'REBUILD',
  'RESCUE',
  'RESIZE',
  'REVERT_RESIZE',
  'SHELVED',
  'SHELVED_OFFLOADED',
  'SHUTOFF',
  'SOFT_DELETED',
  'SUSPENDED',
  'UNKNOWN',
  'VERIFY_RESIZE',
] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

/** One address of an instance on a network: fixed (on the port) or floating (NAT'd to it). */
export const InstanceIp = Type.Object({
  addr: Type.String(),
  version: Type.Integer(),
  type: Type.Union([Type.Literal('fixed'), Type.Literal('floating')]),
  mac: Nullable(Type.String()),
});
export type InstanceIp = Static<typeof InstanceIp>;

/** The addresses of an instance on one network, in Nova's order (fixed before floating). */
export const InstanceNetwork = Type.Object({
  network: Type.String(),
  ips: Type.Array(InstanceIp),
});
export type InstanceNetwork = Static<typeof InstanceNetwork>;

/**
 * The instance's flavor as it was when booted or resized. `id` is known below Nova 2.47 only
 * (from 2.47 Nova embeds the flavor by name); sizes are null when the flavor is gone.
 */
export const InstanceFlavor = Type.Object({
  id: Type.Optional(Type.String()),
  name: Type.String(),
  vcpus: Nullable(Type.Integer()),
  ram: Nullable(Type.Integer()),
  disk: Nullable(Type.Integer()),
});
export type InstanceFlavor = Static<typeof InstanceFlavor>;

/** The boot image; `name` is null when the image is gone or not visible to the caller. */
export const InstanceImage = Type.Object({ id: Type.String(), name: Nullable(Type.String()) });
export type InstanceImage = Static<typeof InstanceImage>;

/**
 * An instance as the BFF answers it (issue 9). `image` is null for an instance booted from a
 * volume. `host`, `hypervisor_hostname` and `project_name` are there only when the caller may
 * see them (Nova's extended attributes policy; Keystone's project list).
 */
export const Instance = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Type.String(),
  task_state: Nullable(Type.String()),
  power_state: Nullable(Type.Integer()),
  vm_state: Nullable(Type.String()),
  /** 0–100 while building, resizing or migrating; null otherwise. */
  progress: Nullable(Type.Integer()),
  locked: Nullable(Type.Boolean()),
  image: Nullable(InstanceImage),
  flavor: Nullable(InstanceFlavor),
  addresses: Type.Array(InstanceNetwork),
  key_name: Nullable(Type.String()),
  availability_zone: Nullable(Type.String()),
  created: Nullable(Type.String()),
  updated: Nullable(Type.String()),
  project_id: Nullable(Type.String()),
  user_id: Nullable(Type.String()),
  metadata: StringMap,
  description: Nullable(Type.String()),
  host: Type.Optional(Nullable(Type.String())),
  hypervisor_hostname: Type.Optional(Nullable(Type.String())),
  project_name: Type.Optional(Nullable(Type.String())),
});
export type Instance = Static<typeof Instance>;
export const InstanceList = ListOf(Instance);
export type InstanceList = List<Instance>;

/** What a list may be sorted by (each maps onto one of Nova's sort keys). */
export const InstanceSortKey = Type.Union([
  Type.Literal('name'),
  Type.Literal('created'),
  Type.Literal('updated'),
  Type.Literal('status'),
  Type.Literal('task_state'),
  Type.Literal('power_state'),
  Type.Literal('availability_zone'),
  Type.Literal('key_name'),
  /** Admin only (Nova refuses it to others). */
  Type.Literal('host'),
]);
export type InstanceSortKey = Static<typeof InstanceSortKey>;

/** Nova server ids are UUIDs (with or without dashes, any case, as Nova accepts them). */
const SERVER_ID_PATTERN =
  '^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$';

/**
 * GET /api/nova/servers/ — always one page of instances (a project may hold thousands), newest
 * first unless sorted; `paginate=false` asks for Nova's largest page (1000). Filters go to
 * Nova: `name` matches any part of the name, literally (the server escapes what Nova would
 * read as a regular expression); `ip` any part of a fixed IPv4 address (digits and dots, or an
 * IPv6 part). `all_projects`, `project_id` and `host` are an admin's. Paging as for images:
 * `limit` (default API_RESULT_PAGE_SIZE) after `marker` or before `prev_marker`, with
 * has_more_data, has_prev_data and the neighbours' markers.
 */
export const InstanceListQuery = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  status: Type.Optional(Type.Union(SERVER_STATUSES.map((s) => Type.Literal(s)))),
  /** An image id. */
  image: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  /** A flavor id. */
  flavor: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  ip: Type.Optional(Type.String({ minLength: 1, maxLength: 45, pattern: '^[0-9a-fA-F.:]+$' })),
  availability_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  all_projects: Type.Optional(Type.Boolean()),
  project_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  host: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  paginate: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  marker: Type.Optional(Type.String({ pattern: SERVER_ID_PATTERN })),
  /** The page that ends just before this instance (paging backwards). */
  prev_marker: Type.Optional(Type.String({ pattern: SERVER_ID_PATTERN })),
  sort_key: Type.Optional(InstanceSortKey),
  sort_dir: Type.Optional(SortDir),
  /**
   * Only these instances (comma-separated ids, at most LIST_IDS_MAX of common.ts), e.g. the rows
   * a table re-reads while they change; the other filters and paging do not apply.
   */
  // Room for more than LIST_IDS_MAX ids, so a longer list is told the count it may have.
  ids: Type.Optional(Type.String({ minLength: 1, maxLength: 8192 })),
});
export type InstanceListQuery = Static<typeof InstanceListQuery>;

/** An instance id in the path: anything else is no instance (404, never sent to Nova). */
export const InstanceParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) });
export type InstanceParams = Static<typeof InstanceParams>;
