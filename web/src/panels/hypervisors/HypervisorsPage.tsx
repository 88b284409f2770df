import { useState, type ReactNode } from 'react';
import { Stack, StackItem, Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import { useAllowed } from '../../api/permissions';
import { msg } from '../../i18n/msg';
import { policy, type PageProps } from '../../registry/types';
import { PageTable } from '../../ui/ResourceTable/PageTable';
import { HypervisorSummary } from './HypervisorSummary';
import { computeServices } from './computeServices.resource';
import { hypervisors } from './hypervisors.resource';

const SERVICES_LIST = [policy('compute', 'os_compute_api:os-services:list')];

/**
 * Admin › Hypervisors (issue 9): the usage of every hypervisor summed up, then two tabs, the
 * hypervisors (each row expands to its instances) and the compute services, which an admin
 * may disable (with a reason) and enable again.
 */
export function HypervisorsPage({ panel }: PageProps): ReactNode {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | number>('hypervisors');
  const mayListServices = useAllowed(SERVICES_LIST) === true;
  return (
    <Stack hasGutter>
      <StackItem>
        <HypervisorSummary />
      </StackItem>
      <StackItem>
        <Tabs activeKey={tab} onSelect={(_e, key) => setTab(key)} mountOnEnter unmountOnExit>
          <Tab eventKey="hypervisors" title={<TabTitleText>{t('Hypervisors')}</TabTitleText>}>
            <PageTable
              panel={panel}
              resource={hypervisors}
              type="OS::Nova::Hypervisor"
              names={{ one: msg('Hypervisor'), many: msg('Hypervisors') }}
            />
          </Tab>
          {mayListServices && (
            <Tab eventKey="services" title={<TabTitleText>{t('Compute Services')}</TabTitleText>}>
              <PageTable
                panel={panel}
                resource={computeServices}
                type="OS::Nova::Service"
                names={{ one: msg('Compute Service'), many: msg('Compute Services') }}
              />
            </Tab>
          )}
        </Tabs>
      </StackItem>
    </Stack>
  );
}
