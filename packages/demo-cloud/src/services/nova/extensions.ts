import type { FastifyInstance } from 'fastify';
import { Fault } from '../../core/faults';
import { authorize } from '../../core/policy';

// Nova v2.1 still answers /extensions with a fixed list kept for old clients.
const EXTENSIONS: ReadonlyArray<readonly [alias: string, name: string, description: string]> = [
  ['NMN', 'Multinic', 'Multiple network support.'],
  ['OS-DCF', 'DiskConfig', 'Disk Management Extension.'],
  ['OS-EXT-AZ', 'ExtendedAvailabilityZone', 'Extended Availability Zone support.'],
  ['OS-EXT-IMG-SIZE', 'ImageSize', 'Adds image size to image listings.'],
  ['OS-EXT-IPS', 'ExtendedIps', 'Adds type parameter to the ip list.'],
  ['OS-EXT-IPS-MAC', 'ExtendedIpsMac', 'Adds mac address parameter to the ip list.'],
  ['OS-EXT-SRV-ATTR', 'ExtendedServerAttributes', 'Extended Server Attributes support.'],
  ['OS-EXT-STS', 'ExtendedStatus', 'Extended Status support.'],
  ['OS-FLV-DISABLED', 'FlavorDisabled', 'Support to show the disabled status of a flavor.'],
  ['OS-FLV-EXT-DATA', 'FlavorExtraData', 'Provide additional data for flavors.'],
  ['OS-SCH-HNT', 'SchedulerHints', 'Pass arbitrary key/value pairs to the scheduler.'],
  ['OS-SRV-USG', 'ServerUsage', 'Adds launched_at and terminated_at on Servers.'],
  ['os-admin-actions', 'AdminActions', 'Enable admin-only server actions.'],
  ['os-aggregates', 'Aggregates', 'Admin-only aggregate administration.'],
  [
    'os-availability-zone',
    'AvailabilityZone',
    '1. Add availability_zone to the Create Server API.\n2. Add availability zones describing.',
  ],
  ['os-console-output', 'ConsoleOutput', 'Console log output support, with tailing ability.'],
  ['os-create-backup', 'CreateBackup', 'Create a backup of a server.'],
  ['os-extended-volumes', 'ExtendedVolumes', 'Extended Volumes support.'],
  ['os-flavor-access', 'FlavorAccess', 'Flavor access support.'],
  ['os-flavor-extra-specs', 'FlavorExtraSpecs', 'Flavors extra specs support.'],
  ['os-flavor-manage', 'FlavorManage', 'Flavor create/delete API support.'],
  ['os-flavor-rxtx', 'FlavorRxtx', 'Support to show the rxtx status of a flavor.'],
  ['os-hypervisors', 'Hypervisors', 'Admin-only hypervisor administration.'],
  [
    'os-instance-actions',
    'InstanceActions',
    'View a log of actions and events taken on an instance.',
  ],
  ['os-keypairs', 'Keypairs', 'Keypair Support.'],
  ['os-lock-server', 'LockServer', 'Enable lock/unlock server actions.'],
  ['os-migrate-server', 'MigrateServer', 'Enable migrate and live-migrate server actions.'],
  ['os-pause-server', 'PauseServer', 'Enable pause/unpause server actions.'],
  ['os-quota-sets', 'Quotas', 'Quotas management support.'],
  ['os-remote-consoles', 'Consoles', 'Interactive Console support.'],
  ['os-rescue', 'Rescue', 'Instance rescue mode.'],
  ['os-server-groups', 'ServerGroups', 'Server group support.'],
  ['os-server-password', 'ServerPassword', 'Server password support.'],
  ['os-services', 'Services', 'Services support.'],
  ['os-shelve', 'Shelve', 'Instance shelve mode.'],
  ['os-simple-tenant-usage', 'SimpleTenantUsage', 'Simple tenant usage extension.'],
  ['os-suspend-server', 'SuspendServer', 'Enable suspend/resume server actions.'],
  ['os-volumes', 'Volumes', 'Volumes support.'],
  [
    'os-volume-attachment-update',
    'VolumeAttachmentUpdate',
    'Support for updating a volume attachment.',
  ],
];

const view = ([alias, name, description]: readonly [string, string, string]): object => ({
  alias,
  name,
  description,
  namespace: 'http://docs.openstack.org/compute/ext/fake_xml',
  updated: '2014-12-03T00:00:00Z',
  links: [],
});

export const extensionRoutes = (app: FastifyInstance): void => {
  app.get('/extensions', async (request) => {
    authorize(request, 'compute', 'os_compute_api:extensions', {});
    return { extensions: EXTENSIONS.map(view) };
  });

  app.get<{ Params: { alias: string } }>('/extensions/:alias', async (request) => {
    authorize(request, 'compute', 'os_compute_api:extensions', {});
    const found = EXTENSIONS.find(([alias]) => alias === request.params.alias);
    if (!found) throw new Fault(404, 'The resource could not be found.');
    return { extension: view(found) };
  });
};
