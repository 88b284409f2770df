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

const zonesOf = (preset: string | undefined): string[] =>
  preset && preset !== 'Any' ? [preset] : [];

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
    /**
     * Nova's availability zones: the BFF has no route for them yet, so the wizard offers "Any"
     * (Nova chooses) unless LAUNCH_INSTANCE_DEFAULTS names a default zone.
     */
    zones: zonesOf(settings?.LAUNCH_INSTANCE_DEFAULTS.default_availability_zone),
  };
}

export type LaunchData = ReturnType<typeof useLaunchData>;
