import { useState, type ReactNode } from 'react';
import { Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import { useAllowed } from '../../api/permissions';
import { msg, type Msg } from '../../i18n/msg';
import {
  pageTableScope,
  policy,
  service,
  type PageProps,
  type Requirement,
  type ResourceType,
} from '../../registry/types';
import { ResourceTable } from '../../ui/ResourceTable/ResourceTable';
import {
  catalogServices,
  cinderServices,
  networkAgents,
  novaServices,
} from './systemInfo.resource';

interface InfoTab {
  id: string;
  title: Msg;
  type: string;
  one: Msg;
  requires: Requirement[];
  // Each tab's table has its own row type; the page only passes it through.
  resource: ResourceType<never>;
}

const TABS: readonly InfoTab[] = [
  {
    id: 'services',
    title: msg('Services'),
    type: 'OS::Keystone::Service',
    one: msg('Service'),
    requires: [],
    resource: catalogServices as unknown as ResourceType<never>,
  },
  {
    id: 'nova_services',
    title: msg('Compute Services'),
    type: 'OS::Nova::Service',
    one: msg('Compute Service'),
    requires: [service('compute'), policy('compute', 'os_compute_api:os-services:list')],
    resource: novaServices as unknown as ResourceType<never>,
  },
  {
    id: 'cinder_services',
    title: msg('Block Storage Services'),
    type: 'OS::Cinder::Service',
    one: msg('Block Storage Service'),
    requires: [service('volume'), policy('volume', 'volume_extension:services:index')],
    resource: cinderServices as unknown as ResourceType<never>,
  },
  {
    id: 'network_agents',
    title: msg('Network Agents'),
    type: 'OS::Neutron::Agent',
    one: msg('Network Agent'),
    requires: [service('network'), policy('network', 'get_agent')],
    resource: networkAgents as unknown as ResourceType<never>,
  },
];

function InfoTable({ tab, panel }: { tab: InfoTab; panel: PageProps['panel'] }): ReactNode {
  const scope = pageTableScope(panel, tab.type, { one: tab.one, many: tab.title });
  return <ResourceTable resource={tab.resource} scope={scope} />;
}

/**
 * Admin › System Information (issue 13): the catalog's services, then the compute and block
 * storage services and the network agents, each tab shown only where its service is in the
 * catalog and its policy lets the user list it.
 */
export function SystemInfoPage({ panel }: PageProps): ReactNode {
  const { t } = useTranslation();
  const [active, setActive] = useState<string | number>('services');
  const compute = useAllowed(TABS[1]?.requires) === true;
  const volume = useAllowed(TABS[2]?.requires) === true;
  const network = useAllowed(TABS[3]?.requires) === true;
  const shown = TABS.filter((_tab, index) => [true, compute, volume, network][index]);
  return (
    <Tabs
      activeKey={active}
      onSelect={(_e, key) => setActive(key)}
      mountOnEnter
      unmountOnExit
      aria-label={t('System Information')}
    >
      {shown.map((tab) => (
        <Tab key={tab.id} eventKey={tab.id} title={<TabTitleText>{t(tab.title)}</TabTitleText>}>
          <InfoTable tab={tab} panel={panel} />
        </Tab>
      ))}
    </Tabs>
  );
}
