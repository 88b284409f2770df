import { msg } from '../i18n/msg';
import { lazyResource } from '../registry/defineResource';
import {
  policy,
  resourceEntries,
  service,
  type ManifestEntry,
  type ResourceEntry,
} from '../registry/types';

/**
 * The eager manifest (STYLE §2): one short entry per resource type with a panel, what the
 * shell needs before any panel code loads. Everything else lives in the lazy declaration.
 */
export const manifest: readonly ManifestEntry[] = [
  {
    kind: 'page',
    id: 'project_overview',
    // First in the manifest: `/` lands here (HomeRedirect opens the first panel allowed).
    panels: [{ path: '/project/overview', group: 'project', title: msg('Overview') }],
    requires: [service('compute'), policy('compute', 'os_compute_api:os-simple-tenant-usage:show')],
    load: () => import('../panels/overview/ProjectOverviewPage').then((m) => m.ProjectOverviewPage),
    prefetch: (queryClient) =>
      import('../panels/overview/prefetch').then((m) => m.prefetchProjectOverview(queryClient)),
  },
  {
    kind: 'page',
    id: 'admin_overview',
    panels: [{ path: '/admin/overview', group: 'admin', title: msg('Overview') }],
    requires: [service('compute'), policy('compute', 'os_compute_api:os-simple-tenant-usage:list')],
    load: () => import('../panels/overview/AdminOverviewPage').then((m) => m.AdminOverviewPage),
    prefetch: (queryClient) =>
      import('../panels/overview/prefetch').then((m) => m.prefetchAdminOverview(queryClient)),
  },
  {
    kind: 'page',
    id: 'admin_metering',
    panels: [
      {
        path: '/admin/metering',
        group: 'admin',
        subgroup: 'system',
        title: msg('Resource Usage'),
      },
    ],
    requires: [service('compute'), policy('compute', 'os_compute_api:os-simple-tenant-usage:list')],
    load: () => import('../panels/metering/MeteringPage').then((m) => m.MeteringPage),
  },
  {
    type: 'OS::Nova::Flavor',
    names: { one: msg('Flavor'), many: msg('Flavors') },
    panels: [
      { path: '/admin/flavors', group: 'admin', subgroup: 'compute', title: msg('Flavors') },
    ],
    requires: [service('compute')],
    load: lazyResource(() => import('../panels/flavors/flavors.resource').then((m) => m.flavors)),
  },
  {
    type: 'OS::Nova::Server',
    names: { one: msg('Instance'), many: msg('Instances') },
    panels: [
      {
        path: '/project/instances',
        group: 'project',
        subgroup: 'compute',
        title: msg('Instances'),
      },
      { path: '/admin/instances', group: 'admin', subgroup: 'compute', title: msg('Instances') },
    ],
    requires: [service('compute')],
    itemRoutes: ['/project/instances/:id', '/admin/instances/:id/detail'],
    load: lazyResource(() =>
      import('../panels/instances/instances.resource').then((m) => m.instances),
    ),
  },
  {
    type: 'OS::Glance::Image',
    names: { one: msg('Image'), many: msg('Images') },
    panels: [
      { path: '/project/images', group: 'project', subgroup: 'compute', title: msg('Images') },
      { path: '/admin/images', group: 'admin', subgroup: 'compute', title: msg('Images') },
    ],
    requires: [service('image')],
    itemRoutes: ['/project/images/:id', '/admin/images/:id/detail'],
    load: lazyResource(() => import('../panels/images/images.resource').then((m) => m.images)),
  },
  {
    type: 'OS::Cinder::Volume',
    names: { one: msg('Volume'), many: msg('Volumes') },
    panels: [
      { path: '/project/volumes', group: 'project', subgroup: 'volumes', title: msg('Volumes') },
      { path: '/admin/volumes', group: 'admin', subgroup: 'volumes', title: msg('Volumes') },
    ],
    requires: [service('volume')],
    itemRoutes: ['/project/volumes/:id', '/admin/volumes/:id/detail'],
    load: lazyResource(() => import('../panels/volumes/volumes.resource').then((m) => m.volumes)),
  },
  {
    type: 'OS::Cinder::Snapshot',
    names: { one: msg('Volume Snapshot'), many: msg('Volume Snapshots') },
    panels: [
      {
        path: '/project/snapshots',
        group: 'project',
        subgroup: 'volumes',
        title: msg('Snapshots'),
      },
      { path: '/admin/snapshots', group: 'admin', subgroup: 'volumes', title: msg('Snapshots') },
    ],
    requires: [service('volume')],
    load: lazyResource(() =>
      import('../panels/volume-snapshots/volumeSnapshots.resource').then((m) => m.volumeSnapshots),
    ),
  },
  {
    type: 'OS::Cinder::Backup',
    names: { one: msg('Volume Backup'), many: msg('Volume Backups') },
    panels: [
      { path: '/project/backups', group: 'project', subgroup: 'volumes', title: msg('Backups') },
      { path: '/admin/backups', group: 'admin', subgroup: 'volumes', title: msg('Backups') },
    ],
    requires: [service('volume')],
    load: lazyResource(() =>
      import('../panels/volume-backups/volumeBackups.resource').then((m) => m.volumeBackups),
    ),
  },
  {
    type: 'OS::Neutron::Net',
    names: { one: msg('Network'), many: msg('Networks') },
    panels: [
      { path: '/project/networks', group: 'project', subgroup: 'network', title: msg('Networks') },
      { path: '/admin/networks', group: 'admin', subgroup: 'network', title: msg('Networks') },
    ],
    requires: [service('network')],
    itemRoutes: ['/project/networks/:id', '/admin/networks/:id/detail'],
    load: lazyResource(() =>
      import('../panels/networks/networks.resource').then((m) => m.networks),
    ),
  },
  {
    type: 'OS::Neutron::Router',
    names: { one: msg('Router'), many: msg('Routers') },
    panels: [
      { path: '/project/routers', group: 'project', subgroup: 'network', title: msg('Routers') },
      { path: '/admin/routers', group: 'admin', subgroup: 'network', title: msg('Routers') },
    ],
    requires: [service('network')],
    itemRoutes: ['/project/routers/:id', '/admin/routers/:id/detail'],
    load: lazyResource(() => import('../panels/routers/routers.resource').then((m) => m.routers)),
  },
  {
    type: 'OS::Neutron::SecurityGroup',
    names: { one: msg('Security Group'), many: msg('Security Groups') },
    panels: [
      {
        path: '/project/security_groups',
        group: 'project',
        subgroup: 'network',
        title: msg('Security Groups'),
      },
    ],
    requires: [service('network')],
    itemRoutes: ['/project/security_groups/:id'],
    load: lazyResource(() =>
      import('../panels/security-groups/securityGroups.resource').then((m) => m.securityGroups),
    ),
  },
  {
    type: 'OS::Neutron::FloatingIP',
    names: { one: msg('Floating IP'), many: msg('Floating IPs') },
    panels: [
      {
        path: '/project/floating_ips',
        group: 'project',
        subgroup: 'network',
        title: msg('Floating IPs'),
      },
      {
        path: '/admin/floating_ips',
        group: 'admin',
        subgroup: 'network',
        title: msg('Floating IPs'),
      },
    ],
    requires: [service('network')],
    load: lazyResource(() =>
      import('../panels/floating-ips/floatingIps.resource').then((m) => m.floatingIps),
    ),
  },
  {
    type: 'OS::Neutron::Port',
    names: { one: msg('Port'), many: msg('Ports') },
    // No panel of its own: a network's Ports tab lists them; this is their details page.
    panels: [],
    requires: [service('network')],
    itemRoutes: ['/project/networks/ports/:id/detail', '/admin/networks/ports/:id/detail'],
    load: lazyResource(() => import('../shared/ports/ports.resource').then((m) => m.ports)),
  },
  {
    type: 'OS::Neutron::Trunk',
    names: { one: msg('Trunk'), many: msg('Trunks') },
    panels: [
      { path: '/project/trunks', group: 'project', subgroup: 'network', title: msg('Trunks') },
      { path: '/admin/trunks', group: 'admin', subgroup: 'network', title: msg('Trunks') },
    ],
    // Hidden where Neutron has no trunk extension.
    requires: [service('network'), { kind: 'extension', service: 'network', alias: 'trunk' }],
    itemRoutes: ['/project/trunks/:id', '/admin/trunk/:id/detail'],
    load: lazyResource(() => import('../panels/trunks/trunks.resource').then((m) => m.trunks)),
  },
  {
    type: 'OS::Neutron::QoSPolicy',
    names: { one: msg('Policy'), many: msg('Policies') },
    panels: [
      {
        path: '/project/network_qos',
        group: 'project',
        subgroup: 'network',
        title: msg('Network QoS'),
      },
    ],
    requires: [service('network'), { kind: 'extension', service: 'network', alias: 'qos' }],
    itemRoutes: ['/project/network_qos/:id'],
    load: lazyResource(() =>
      import('../panels/network-qos/qosPolicies.resource').then((m) => m.qosPolicies),
    ),
  },
  {
    type: 'OS::Heat::Stack',
    names: { one: msg('Stack'), many: msg('Stacks') },
    panels: [
      {
        path: '/project/stacks',
        group: 'project',
        subgroup: 'orchestration',
        title: msg('Stacks'),
      },
      { path: '/admin/stacks', group: 'admin', subgroup: 'orchestration', title: msg('Stacks') },
    ],
    requires: [service('orchestration')],
    load: lazyResource(() => import('../panels/stacks/stacks.resource').then((m) => m.stacks)),
  },
  {
    type: 'OS::Heat::ResourceType',
    names: { one: msg('Resource Type'), many: msg('Resource Types') },
    panels: [
      {
        path: '/project/resource_types',
        group: 'project',
        subgroup: 'orchestration',
        title: msg('Resource Types'),
      },
    ],
    requires: [service('orchestration')],
    load: lazyResource(() =>
      import('../panels/resource-types/resourceTypes.resource').then((m) => m.resourceTypes),
    ),
  },
  {
    type: 'OS::Heat::TemplateVersion',
    names: { one: msg('Template Version'), many: msg('Template Versions') },
    panels: [
      {
        path: '/project/template_versions',
        group: 'project',
        subgroup: 'orchestration',
        title: msg('Template Versions'),
      },
    ],
    requires: [service('orchestration')],
    load: lazyResource(() =>
      import('../panels/template-versions/templateVersions.resource').then(
        (m) => m.templateVersions,
      ),
    ),
  },
  {
    kind: 'page',
    id: 'network_topology',
    panels: [
      {
        path: '/project/network_topology',
        group: 'project',
        subgroup: 'network',
        title: msg('Network Topology'),
      },
    ],
    requires: [service('network')],
    load: () =>
      import('../panels/network-topology/NetworkTopologyPage').then((m) => m.NetworkTopologyPage),
    // The model of a large project takes a while to build: asked before the page's code loads.
    prefetch: () => import('../data/neutron/topology').then((m) => m.preloadTopology()),
  },
  {
    type: 'OS::Nova::Keypair',
    names: { one: msg('Key Pair'), many: msg('Key Pairs') },
    panels: [
      {
        path: '/project/key_pairs',
        group: 'project',
        subgroup: 'compute',
        title: msg('Key Pairs'),
      },
    ],
    requires: [service('compute')],
    itemRoutes: ['/project/key_pairs/:id'],
    load: lazyResource(() =>
      import('../panels/key-pairs/keyPairs.resource').then((m) => m.keyPairs),
    ),
  },
  {
    type: 'OS::Nova::ServerGroup',
    names: { one: msg('Server Group'), many: msg('Server Groups') },
    panels: [
      {
        path: '/project/server_groups',
        group: 'project',
        subgroup: 'compute',
        title: msg('Server Groups'),
      },
    ],
    requires: [service('compute')],
    itemRoutes: ['/project/server_groups/:id'],
    load: lazyResource(() =>
      import('../panels/server-groups/serverGroups.resource').then((m) => m.serverGroups),
    ),
  },
  {
    kind: 'page',
    id: 'hypervisors',
    panels: [
      {
        path: '/admin/hypervisors',
        group: 'admin',
        subgroup: 'compute',
        title: msg('Hypervisors'),
      },
    ],
    requires: [service('compute'), policy('compute', 'os_compute_api:os-hypervisors:list-detail')],
    load: () => import('../panels/hypervisors/HypervisorsPage').then((m) => m.HypervisorsPage),
  },
  {
    type: 'OS::Nova::Aggregate',
    names: { one: msg('Host Aggregate'), many: msg('Host Aggregates') },
    panels: [
      {
        path: '/admin/aggregates',
        group: 'admin',
        subgroup: 'compute',
        title: msg('Host Aggregates'),
      },
    ],
    requires: [service('compute'), policy('compute', 'os_compute_api:os-aggregates:index')],
    load: lazyResource(() =>
      import('../panels/aggregates/aggregates.resource').then((m) => m.aggregates),
    ),
  },
  {
    kind: 'page',
    id: 'containers',
    panels: [
      {
        path: '/project/containers',
        group: 'project',
        subgroup: 'object_store',
        title: msg('Containers'),
      },
    ],
    requires: [service('object-store')],
    load: () => import('../panels/containers/ContainersPage').then((m) => m.ContainersPage),
  },
  {
    kind: 'page',
    id: 'system_info',
    panels: [
      {
        path: '/admin/info',
        group: 'admin',
        subgroup: 'system',
        title: msg('System Information'),
      },
    ],
    // The catalog is the session's, but listing the cloud's services is an admin's view.
    requires: [service('identity'), policy('identity', 'identity:list_services')],
    load: () => import('../panels/system/SystemInfoPage').then((m) => m.SystemInfoPage),
  },
  {
    kind: 'page',
    id: 'defaults',
    panels: [
      { path: '/admin/defaults', group: 'admin', subgroup: 'system', title: msg('Defaults') },
    ],
    requires: [service('compute'), policy('compute', 'os_compute_api:os-quota-class-sets:show')],
    load: () => import('../panels/system/DefaultsPage').then((m) => m.DefaultsPage),
  },
  {
    type: 'OS::Keystone::Project',
    names: { one: msg('Project'), many: msg('Projects') },
    panels: [{ path: '/identity/projects', group: 'identity', title: msg('Projects') }],
    requires: [service('identity'), policy('identity', 'identity:list_projects')],
    load: lazyResource(() =>
      import('../panels/projects/projects.resource').then((m) => m.projects),
    ),
  },
  {
    type: 'OS::Keystone::User',
    names: { one: msg('User'), many: msg('Users') },
    panels: [{ path: '/identity/users', group: 'identity', title: msg('Users') }],
    // A member sees no identity administration; the API still answers a user without
    // list_users with only that user (spec 3 §6).
    requires: [service('identity'), policy('identity', 'identity:list_users')],
    load: lazyResource(() => import('../panels/users/users.resource').then((m) => m.users)),
  },
  {
    type: 'OS::Keystone::Domain',
    names: { one: msg('Domain'), many: msg('Domains') },
    panels: [{ path: '/identity/domains', group: 'identity', title: msg('Domains') }],
    // Without list_domains the API answers the default domain alone (spec 3 §6); a member sees
    // no identity administration.
    requires: [service('identity'), policy('identity', 'identity:list_domains')],
    load: lazyResource(() => import('../panels/domains/domains.resource').then((m) => m.domains)),
  },
  {
    type: 'OS::Keystone::Group',
    names: { one: msg('Group'), many: msg('Groups') },
    panels: [{ path: '/identity/groups', group: 'identity', title: msg('Groups') }],
    requires: [service('identity'), policy('identity', 'identity:list_groups')],
    load: lazyResource(() => import('../panels/groups/groups.resource').then((m) => m.groups)),
  },
  {
    type: 'OS::Keystone::Role',
    names: { one: msg('Role'), many: msg('Roles') },
    panels: [{ path: '/identity/roles', group: 'identity', title: msg('Roles') }],
    requires: [service('identity'), policy('identity', 'identity:list_roles')],
    load: lazyResource(() => import('../panels/roles/roles.resource').then((m) => m.roles)),
  },
  {
    kind: 'page',
    id: 'volume_types',
    panels: [
      {
        path: '/admin/volume_types',
        group: 'admin',
        subgroup: 'volumes',
        title: msg('Volume Types'),
      },
    ],
    requires: [service('volume'), policy('volume', 'volume_extension:type_create')],
    load: () => import('../panels/volume-types/VolumeTypesPage').then((m) => m.VolumeTypesPage),
  },
  {
    type: 'OS::Keystone::ApplicationCredential',
    names: { one: msg('Application Credential'), many: msg('Application Credentials') },
    // Every signed-in user manages their own (Keystone's default rule is the owner).
    panels: [
      {
        path: '/identity/application_credentials',
        group: 'identity',
        title: msg('Application Credentials'),
      },
    ],
    requires: [service('identity')],
    load: lazyResource(() =>
      import('../panels/application-credentials/applicationCredentials.resource').then(
        (m) => m.applicationCredentials,
      ),
    ),
  },
  {
    kind: 'page',
    id: 'settings',
    // Every signed-in user's own preferences; the user menu links here too.
    panels: [{ path: '/settings', group: 'identity', title: msg('Settings') }],
    requires: [],
    load: () => import('../settings/SettingsPage').then((m) => m.SettingsPage),
  },
];

/** The manifest entry of a type code (the /ngdetails/:type lookup). */
export function manifestEntry(type: string): ResourceEntry | undefined {
  return resourceEntries(manifest).find((entry) => entry.type === type);
}
