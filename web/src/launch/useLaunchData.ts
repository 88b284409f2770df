import { useQueries, useQuery } from '@tanstack/react-query';
import { useRequirements } from '../api/permissions';
import { feature, service } from '../registry/types';
import { shellQueries } from '../data/shell';
import { flavorQueries } from '../data/nova/flavors';
import { keyPairQueries } from '../data/nova/keypairs';
import { launchQueries } from '../data/nova/launch';
import { serverGroupQueries } from '../data/nova/serverGroups';
import { networkQueries } from '../data/neutron/networks';
import { portQueries } from '../data/neutron/ports';
import { securityGroupQueries } from '../data/neutron/securityGroups';
import { launchableNetworks, launchablePorts } from './model';

const FLAGS = [
  { requirements: [service('volume')] },
  { requirements: [service('network')] },
  { requirements: [feature('instance_description')] },
];

/**
 * Everything the wizard's steps list (spec 3 §7), each read once and only when its service is
 * there. Ports are read per launchable network (Neutron filters by network_id).
 */
export function useLaunchData() {
  const flags = useRequirements(FLAGS);
  const [hasVolume = false, hasNetwork = false, hasDescription = false] = flags.allowed;
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
    /** Nova's available zones (spec 3 §9: one is preselected; several add "Any"). */
    zones: zones.data ?? [],
    zonesLoading: zones.isPending,
  };
}

export type LaunchData = ReturnType<typeof useLaunchData>;
