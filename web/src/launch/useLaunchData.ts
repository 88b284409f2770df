import { useQueries, useQuery } from '@tanstack/react-query';
import { useRequirements, type RequirementSet } from '../api/permissions';
import { feature, policy, service, setting, type Requirement } from '../registry/types';
import { metadataQueries } from '../data/metadata';
import { shellQueries } from '../data/shell';
import { flavorQueries } from '../data/nova/flavors';
import { keyPairQueries } from '../data/nova/keypairs';
import { launchQueries } from '../data/nova/launch';
import { serverGroupQueries } from '../data/nova/serverGroups';
import { networkQueries } from '../data/neutron/networks';
import { portQueries } from '../data/neutron/ports';
import { securityGroupQueries } from '../data/neutron/securityGroups';
import { launchableNetworks, launchablePorts } from './model';

/** Spec 3 §2: when the Scheduler Hints step is offered. */
export const SCHEDULER_HINTS_REQUIRES: Requirement[] = [
  policy('compute', 'os_compute_api:servers:create'),
  setting('ENABLE_SCHEDULER_HINTS'),
  setting('LAUNCH_INSTANCE_DEFAULTS.enable_scheduler_hints'),
  { kind: 'extension', service: 'compute', alias: 'OS-SCH-HNT' },
];

const FLAGS: RequirementSet[] = [
  { requirements: [service('volume')] },
  { requirements: [service('network')] },
  { requirements: [feature('instance_description')] },
  // Its definitions are read only when the step will be shown.
  { requirements: SCHEDULER_HINTS_REQUIRES },
];

/**
 * Everything the wizard's steps list (spec 3 §7), each read once and only when its service is
 * there. Ports are read per launchable network (Neutron filters by network_id).
 */
export function useLaunchData() {
  const flags = useRequirements(FLAGS);
  const [hasVolume = false, hasNetwork = false, hasDescription = false, hasSchedulerHints = false] =
    flags.allowed;
  const settings = useQuery(shellQueries.settings()).data;
  const limits = useQuery(launchQueries.limits());
  const zones = useQuery(launchQueries.availabilityZones());
  const images = useQuery(launchQueries.images());
  const volumes = useQuery({ ...launchQueries.volumes(), enabled: hasVolume });
  const volumeSnapshots = useQuery({ ...launchQueries.volumeSnapshots(), enabled: hasVolume });
  const flavors = useQuery(flavorQueries.list());
  const keypairs = useQuery(keyPairQueries.list());
  const serverGroups = useQuery(serverGroupQueries.list());
  const networks = useQuery({ ...networkQueries.mine(), enabled: hasNetwork });
  const securityGroups = useQuery({ ...securityGroupQueries.list(), enabled: hasNetwork });
  // Spec 3 §7: the metadefs of a server's metadata and of its scheduler hints. Neither holds
  // the wizard up: a step without them offers custom keys only.
  const metadataNamespaces = useQuery(metadataQueries.namespaces('instance'));
  const schedulerHintNamespaces = useQuery({
    ...metadataQueries.schedulerHintNamespaces(),
    enabled: hasSchedulerHints,
  });
  const usable = launchableNetworks(networks.data ?? []);
  const ports = useQueries({
    queries: usable.map((n) => portQueries.ofNetwork(n.id)),
    combine: (results) => ({
      data: launchablePorts(results.flatMap((r) => r.data ?? [])),
      loading: results.some((r) => r.isPending),
    }),
  });
  return {
    loading: flags.loading || !settings,
    hasVolume,
    hasNetwork,
    hasDescription,
    settings,
    limits,
    images,
    volumes,
    volumeSnapshots,
    flavors,
    keypairs,
    serverGroups,
    networks: usable,
    networksLoading: hasNetwork && networks.isPending,
    ports,
    securityGroups,
    metadataNamespaces,
    schedulerHintNamespaces,
    /** Nova's available zones (spec 3 §9: one is preselected; several add "Any"). */
    zones: zones.data ?? [],
    zonesLoading: zones.isPending,
  };
}

export type LaunchData = ReturnType<typeof useLaunchData>;
