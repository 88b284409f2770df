import { useState, type ReactNode } from 'react';
import { Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import { useAllowed } from '../../api/permissions';
import { msg, type Msg } from '../../i18n/msg';
import {
  policy,
  service,
  type PageProps,
  type Requirement,
  type ResourceType,
} from '../../registry/types';
import { PageTable } from '../../ui/ResourceTable/PageTable';
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

interface ServiceTab<T> extends Pick<InfoTab, 'id' | 'title' | 'type' | 'one'> {
  /** The catalog service type whose records the tab lists, and the policy rule to list them. */
  serviceType: string;
  listRule: string;
  resource: ResourceType<T>;
}

/** A tab of one service's records: shown where that service is in the catalog and may be listed. */
function serviceTab<T>({ serviceType, listRule, resource, ...tab }: ServiceTab<T>): InfoTab {
  return {
    ...tab,
    requires: [service(serviceType), policy(serviceType, listRule)],
    resource: resource as unknown as ResourceType<never>,
  };
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
  serviceTab({
    id: 'nova_services',
    title: msg('Compute Services'),
    type: 'OS::Nova::Service',
    one: msg('Compute Service'),
    serviceType: 'compute',
    listRule: 'os_compute_api:os-services:list',
    resource: novaServices,
  }),
  serviceTab({
    id: 'cinder_services',
    title: msg('Block Storage Services'),
    type: 'OS::Cinder::Service',
    one: msg('Block Storage Service'),
    serviceType: 'volume',
    listRule: 'volume_extension:services:index',
    resource: cinderServices,
  }),
  serviceTab({
    id: 'network_agents',
    title: msg('Network Agents'),
    type: 'OS::Neutron::Agent',
    one: msg('Network Agent'),
    serviceType: 'network',
    listRule: 'get_agent',
    resource: networkAgents,
  }),
];

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
          <PageTable
            panel={panel}
            resource={tab.resource}
            type={tab.type}
            names={{ one: tab.one, many: tab.title }}
          />
        </Tab>
      ))}
    </Tabs>
  );
}
