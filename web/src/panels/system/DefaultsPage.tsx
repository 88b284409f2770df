import { useState, type ReactNode } from 'react';
import {
  Button,
  Stack,
  StackItem,
  Title,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { QuotaLimit } from '@skydeck/contract';
import { useAllowed } from '../../api/permissions';
import type { AppMutationOptions } from '../../api/queryClient';
import { msg, type Msg } from '../../i18n/msg';
import { asList } from '../../registry/defineResource';
import {
  policy,
  service,
  type ListQueryOptions,
  type PageProps,
  type Requirement,
  type ResourceType,
} from '../../registry/types';
import { PageTable } from '../../ui/ResourceTable/PageTable';
import { defaultQuotaMutations, defaultQuotaQueries } from '../../data/system/system';
import { quotaTable } from './systemInfo.resource';
import { UpdateDefaultsModal } from './UpdateDefaultsModal';

interface QuotaSection {
  id: string;
  title: Msg;
  requires: Requirement[];
  list: () => ListQueryOptions<QuotaLimit>;
  table: ResourceType<QuotaLimit>;
  /** Update Defaults where the service lets an admin change its default class. */
  update?: {
    requires: Requirement[];
    mutation: AppMutationOptions<null, Record<string, number>>;
  };
}

const section = (
  id: string,
  title: Msg,
  requires: Requirement[],
  list: () => ListQueryOptions<QuotaLimit>,
  update?: QuotaSection['update'],
): QuotaSection => ({ id, title, requires, list, table: quotaTable(list), update });

const SECTIONS: readonly QuotaSection[] = [
  section(
    'compute',
    msg('Compute Quotas'),
    [service('compute')],
    () => asList(defaultQuotaQueries.compute()),
    {
      requires: [policy('compute', 'os_compute_api:os-quota-class-sets:update')],
      mutation: defaultQuotaMutations.updateCompute,
    },
  ),
  section(
    'volume',
    msg('Volume Quotas'),
    [service('volume')],
    () => asList(defaultQuotaQueries.volume()),
    {
      requires: [policy('volume', 'volume_extension:quota_classes:update')],
      mutation: defaultQuotaMutations.updateVolume,
    },
  ),
  section('network', msg('Network Quotas'), [service('network')], () =>
    asList(defaultQuotaQueries.network()),
  ),
];

function QuotaSectionView({
  item,
  panel,
}: {
  item: QuotaSection;
  panel: PageProps['panel'];
}): ReactNode {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const mayUpdate = useAllowed(item.update?.requires) === true && item.update !== undefined;
  const rows = useQuery({ ...item.list(), enabled: editing }).data;
  return (
    <Stack hasGutter>
      <StackItem>
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Title headingLevel="h2" size="lg">
                {t(item.title)}
              </Title>
            </ToolbarItem>
            {mayUpdate && (
              <ToolbarItem>
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  {t('Update Defaults')}
                </Button>
              </ToolbarItem>
            )}
          </ToolbarContent>
        </Toolbar>
      </StackItem>
      <StackItem>
        <PageTable
          panel={panel}
          resource={item.table}
          type={`OS::Skydeck::DefaultQuota::${item.id}`}
          names={{ one: msg('Quota'), many: item.title }}
        />
      </StackItem>
      {editing && item.update && rows && (
        <UpdateDefaultsModal
          title={t('Update Default {{quotas}}', { quotas: t(item.title) })}
          rows={rows}
          update={item.update.mutation}
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}

function Gated({ item, panel }: { item: QuotaSection; panel: PageProps['panel'] }): ReactNode {
  return useAllowed(item.requires) === true ? <QuotaSectionView item={item} panel={panel} /> : null;
}

/**
 * Admin › Defaults (issue 13): the quotas a new project gets from Nova, Cinder and Neutron; an
 * admin changes Nova's and Cinder's through their `default` quota class (Neutron's come from
 * its configuration file, so they are read only).
 */
export function DefaultsPage({ panel }: PageProps): ReactNode {
  return (
    <Stack hasGutter>
      {SECTIONS.map((item) => (
        <StackItem key={item.id}>
          <Gated item={item} panel={panel} />
        </StackItem>
      ))}
    </Stack>
  );
}
