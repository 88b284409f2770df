import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { atLeast, callerProject, versionNotFound } from './http';
import type { Json } from './http';
import { queryParam } from './listing';
import {
  BACKEND_NAME,
  CONTROLLER_HOST,
  DEFAULT_ZONE,
  VOLUME_POOL,
  VOLUME_SERVICE_HOST,
  volumes,
} from './model';
import { cinderTime } from './volumes';

/** The control-plane services of the demo block storage, every one enabled and up. */
const SERVICES = [
  { binary: 'cinder-scheduler', host: CONTROLLER_HOST },
  { binary: 'cinder-volume', host: VOLUME_SERVICE_HOST },
  { binary: 'cinder-backup', host: CONTROLLER_HOST },
] as const;

/** The LVM pool's capacity as the scheduler reports it. */
const TOTAL_CAPACITY_GB = 1000;

// cinder.api.contrib extensions (alias, name, updated, description), in the order cinder's
// extension manager loads them (as a real Zed cinder-api lists them).
const EXTENSIONS: ReadonlyArray<readonly [string, string, string, string]> = [
  [
    'os-vol-image-meta',
    'VolumeImageMetadata',
    '2012-12-07T00:00:00+00:00',
    'Show image metadata associated with the volume.',
  ],
  [
    'os-volume-unmanage',
    'VolumeUnmanage',
    '2012-05-31T00:00:00+00:00',
    'Enable volume unmanage operation.',
  ],
  [
    'os-used-limits',
    'UsedLimits',
    '2013-10-03T00:00:00+00:00',
    'Provide data on limited resources that are being used.',
  ],
  ['os-admin-actions', 'AdminActions', '2012-08-25T00:00:00+00:00', 'Enable admin actions.'],
  ['cgsnapshots', 'Cgsnapshots', '2014-08-18T00:00:00+00:00', 'cgsnapshots support.'],
  [
    'os-types-extra-specs',
    'TypesExtraSpecs',
    '2011-08-24T00:00:00+00:00',
    'Type extra specs support.',
  ],
  [
    'os-snapshot-unmanage',
    'SnapshotUnmanage',
    '2014-12-31T00:00:00+00:00',
    'Enable volume unmanage operation.',
  ],
  [
    'encryption',
    'VolumeTypeEncryption',
    '2013-07-01T00:00:00+00:00',
    'Encryption support for volume types.',
  ],
  [
    'os-volume-encryption-metadata',
    'VolumeEncryptionMetadata',
    '2013-07-10T00:00:00+00:00',
    'Volume encryption metadata retrieval support.',
  ],
  [
    'consistencygroups',
    'Consistencygroups',
    '2014-08-18T00:00:00+00:00',
    'consistency groups support.',
  ],
  [
    'os-snapshot-actions',
    'SnapshotActions',
    '2013-07-16T00:00:00+00:00',
    'Enable snapshot manager actions.',
  ],
  ['backups', 'Backups', '2012-12-12T00:00:00+00:00', 'Backups support.'],
  ['os-quota-sets', 'Quotas', '2011-08-08T00:00:00+00:00', 'Quota management support.'],
  ['os-volume-actions', 'VolumeActions', '2012-05-31T00:00:00+00:00', 'Enable volume actions.'],
  [
    'os-quota-class-sets',
    'QuotaClasses',
    '2012-03-12T00:00:00+00:00',
    'Quota classes management support.',
  ],
  [
    'os-availability-zone',
    'AvailabilityZones',
    '2013-06-27T00:00:00+00:00',
    'Describe Availability Zones.',
  ],
  [
    'os-volume-type-access',
    'VolumeTypeAccess',
    '2014-06-26T00:00:00Z',
    'Volume type access support.',
  ],
  ['os-services', 'Services', '2012-10-28T00:00:00-00:00', 'Services support.'],
  ['os-hosts', 'Hosts', '2011-06-29T00:00:00+00:00', 'Admin-only host administration.'],
  ['os-types-manage', 'TypesManage', '2011-08-24T00:00:00+00:00', 'Types manage support.'],
  [
    'os-extended-snapshot-attributes',
    'ExtendedSnapshotAttributes',
    '2012-06-19T00:00:00+00:00',
    'Extended SnapshotAttributes support.',
  ],
  [
    'os-snapshot-manage',
    'SnapshotManage',
    '2014-12-31T00:00:00+00:00',
    "Allows existing backend storage to be 'managed' by Cinder.",
  ],
  ['qos-specs', 'Qos_specs_manage', '2013-08-02T00:00:00+00:00', 'QoS specs support.'],
  [
    'os-vol-host-attr',
    'VolumeHostAttribute',
    '2011-11-03T00:00:00+00:00',
    'Expose host as an attribute of a volume.',
  ],
  ['scheduler-stats', 'Scheduler_stats', '2014-09-07T00:00:00+00:00', 'Scheduler stats support.'],
  [
    'os-volume-manage',
    'VolumeManage',
    '2014-02-10T00:00:00+00:00',
    "Allows existing backend storage to be 'managed' by Cinder.",
  ],
  [
    'os-vol-mig-status-attr',
    'VolumeMigStatusAttribute',
    '2013-08-08T00:00:00+00:00',
    'Expose migration_status as an attribute of a volume.',
  ],
  [
    'os-volume-transfer',
    'VolumeTransfer',
    '2013-05-29T00:00:00+00:00',
    'Volume transfer management support.',
  ],
  [
    'os-vol-tenant-attr',
    'VolumeTenantAttribute',
    '2011-11-03T00:00:00+00:00',
    'Expose the internal project_id as an attribute of a volume.',
  ],
  [
    'OS-SCH-HNT',
    'SchedulerHints',
    '2013-04-18T00:00:00+00:00',
    'Pass arbitrary key/value pairs to the scheduler.',
  ],
  [
    'os-extended-services',
    'ExtendedServices',
    '2014-01-10T00:00:00-00:00',
    'Extended services support.',
  ],
  ['capabilities', 'Capabilities', '2015-08-31T00:00:00+00:00', 'Capabilities support.'],
];

const extensionView = ([alias, name, updated, description]: readonly [
  string,
  string,
  string,
  string,
]): Json => ({
  name,
  alias,
  description,
  updated,
  links: [],
});

/** Availability zones, services, scheduler pools and the extension list. */
export const infrastructureRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const target = (request: FastifyRequest): Json => ({ project_id: callerProject(request) });

  app.get('/os-availability-zone', async () => ({
    availabilityZoneInfo: [{ zoneName: DEFAULT_ZONE, zoneState: { available: true } }],
  }));

  app.get('/extensions', async () => ({ extensions: EXTENSIONS.map(extensionView) }));

  app.get<{ Params: { alias: string } }>('/extensions/:alias', async (request) => {
    const found = EXTENSIONS.find(([alias]) => alias === request.params.alias);
    if (!found) throw versionNotFound();
    return { extension: extensionView(found) };
  });

  app.get('/os-services', async (request) => {
    authorize(request, 'volume', 'volume_extension:services:index', target(request));
    const query = request.query as Json;
    const host = queryParam(query, 'host');
    const binary = queryParam(query, 'binary');
    const now = cinderTime(ctx.now().toISOString());
    const services = SERVICES.filter((s) => host === undefined || s.host === host)
      .filter((s) => binary === undefined || s.binary === binary)
      .map((s) => {
        const view: Json = {
          binary: s.binary,
          host: s.host,
          zone: DEFAULT_ZONE,
          status: 'enabled',
          state: 'up',
          updated_at: now,
        };
        if (atLeast(request, '3.49') && s.binary === 'cinder-volume') view['backend_state'] = 'up';
        if (atLeast(request, '3.7')) view['cluster'] = null;
        view['disabled_reason'] = null;
        if (s.binary === 'cinder-volume') {
          view['replication_status'] = 'disabled';
          view['active_backend_id'] = null;
          view['frozen'] = false;
        }
        return view;
      });
    return { services };
  });

  app.get('/scheduler-stats/get_pools', async (request) => {
    authorize(request, 'volume', 'scheduler_extension:scheduler_stats:get_pools', target(request));
    const query = request.query as Json;
    const detail = ['1', 't', 'true', 'on', 'y', 'yes'].includes(
      (queryParam(query, 'detail') ?? '').toLowerCase(),
    );
    const name = atLeast(request, '3.28') ? queryParam(query, 'name') : undefined;
    if (name !== undefined && name !== VOLUME_POOL) return { pools: [] };
    const allocated = ctx.store
      .collection(volumes)
      .all()
      .reduce((n, v) => n + v.size, 0);
    const pool: Json = { name: VOLUME_POOL };
    if (detail) {
      pool['capabilities'] = {
        pool_name: BACKEND_NAME,
        total_capacity_gb: TOTAL_CAPACITY_GB,
        free_capacity_gb: Math.max(TOTAL_CAPACITY_GB - allocated, 0),
        reserved_percentage: 0,
        location_info: `LVMVolumeDriver:${CONTROLLER_HOST}:stack-volumes-${BACKEND_NAME}:thin:0`,
        QoS_support: false,
        provisioned_capacity_gb: allocated,
        max_over_subscription_ratio: '20.0',
        thin_provisioning_support: true,
        thick_provisioning_support: false,
        total_volumes: ctx.store.collection(volumes).count() + 1,
        filter_function: null,
        goodness_function: null,
        multiattach: true,
        backend_state: 'up',
        allocated_capacity_gb: allocated,
        cacheable: true,
        volume_backend_name: BACKEND_NAME,
        driver_version: '3.0.0',
        storage_protocol: 'iSCSI',
        vendor_name: 'Open Source',
        timestamp: cinderTime(ctx.now().toISOString()),
      };
    }
    return { pools: [pool] };
  });

  app.get('/os-hosts', async (request) => {
    authorize(request, 'volume', 'volume_extension:hosts', target(request));
    // `service` is the RPC topic, named as the binary.
    return {
      hosts: SERVICES.map((s) => ({
        host_name: s.host,
        service: s.binary,
        zone: DEFAULT_ZONE,
        'service-status': 'available',
        'service-state': 'enabled',
        'last-update': cinderTime(ctx.now().toISOString()),
      })),
    };
  });
};
