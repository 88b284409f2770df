import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Network } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import type { PanelScope } from '../../registry/types';
import { ResourceTable } from '../../ui/ResourceTable/ResourceTable';
import { portsResource } from '../../shared/ports/ports.resource';

const PORT_NAMES = { one: msg('Port'), many: msg('Ports') };

/** The ports tab of a network's details: its ports, with Create, Edit and Delete. */
export function NetworkPorts({ network }: { network: Network }): ReactNode {
  const resource = useMemo(() => portsResource(network.id), [network.id]);
  // Details links say where the user came from, so a port's delete returns to this network.
  const path = useLocation().pathname.includes('/admin/') ? '/admin/networks' : '/project/networks';
  const scope = useMemo<PanelScope>(
    () => ({
      path,
      group: path.startsWith('/admin') ? 'admin' : 'project',
      type: 'OS::Neutron::Port',
      names: PORT_NAMES,
      home: path,
    }),
    [path],
  );
  return <ResourceTable resource={resource} scope={scope} />;
}
