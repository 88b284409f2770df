import { useState, type ReactNode } from 'react';
import { Alert, Pagination, Stack, StackItem } from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { USAGE_PAGE_SIZE, usageQueries } from '../../data/nova/usage';
import { formatSize } from '../../registry/formatSize';
import type { PageProps } from '../../registry/types';
import { LimitSummary } from './LimitSummary';
import { usePeriodChoice } from '../../ui/usage/UsagePeriodForm';
import { UsageSummaryCard } from './UsageSummaryCard';
import { formatHours, formatUptime } from '../../ui/usage/usageFormat';

/**
 * Project › Overview (issue 13): the project's limits as pies, then its usage for a period
 * (this month by default) with Nova's totals, each instance a row, a page at a time, and the
 * whole period as CSV.
 */
export function ProjectOverviewPage(_props: PageProps): ReactNode {
  const { t } = useTranslation();
  // The markers of the pages before this one: Previous pops, Next pushes.
  const [markers, setMarkers] = useState<(string | undefined)[]>([undefined]);
  const choice = usePeriodChoice(() => setMarkers([undefined]));
  const { period } = choice;
  const marker = markers[markers.length - 1];
  const usage = useQuery({
    ...usageQueries.project(period, marker),
    placeholderData: keepPreviousData,
  });
  const data = usage.data;
  const page = markers.length;
  return (
    <Stack hasGutter>
      <StackItem>
        <LimitSummary />
      </StackItem>
      <StackItem>
        <UsageSummaryCard choice={choice} scope="project" totals={data?.totals} />
      </StackItem>
      <StackItem>
        {usage.isError ? (
          <Alert variant="danger" isInline title={t('Unable to retrieve usage information.')} />
        ) : (
          <>
            <Table aria-label={t('Usage')} variant="compact">
              <Thead>
                <Tr>
                  <Th>{t('Instance Name')}</Th>
                  <Th>{t('VCPUs')}</Th>
                  <Th>{t('Disk')}</Th>
                  <Th>{t('RAM')}</Th>
                  <Th>{t('VCPU Hours')}</Th>
                  <Th>{t('Disk GB Hours')}</Th>
                  <Th>{t('RAM MB Hours')}</Th>
                  <Th>{t('Time since created')}</Th>
                </Tr>
              </Thead>
              <Tbody>
                {data && data.items.length === 0 && (
                  <Tr>
                    <Td colSpan={8}>{t('No items to display.')}</Td>
                  </Tr>
                )}
                {data?.items.map((u) => (
                  <Tr key={u.instance_id}>
                    <Td dataLabel={t('Instance Name')}>{u.name}</Td>
                    <Td dataLabel={t('VCPUs')}>{u.vcpus}</Td>
                    <Td dataLabel={t('Disk')}>{formatSize(u.local_gb, 'GB')}</Td>
                    <Td dataLabel={t('RAM')}>{formatSize(u.memory_mb, 'MB')}</Td>
                    <Td dataLabel={t('VCPU Hours')}>{formatHours(u.vcpu_hours)}</Td>
                    <Td dataLabel={t('Disk GB Hours')}>{formatHours(u.gb_hours)}</Td>
                    <Td dataLabel={t('RAM MB Hours')}>{formatHours(u.ram_mb_hours)}</Td>
                    <Td dataLabel={t('Time since created')}>{formatUptime(u.uptime)}</Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
            {data && (page > 1 || data.next !== null) && (
              <Pagination
                itemCount={data.totals.instances}
                perPage={USAGE_PAGE_SIZE}
                page={page}
                perPageOptions={[]}
                onSetPage={(_e, wanted) => {
                  if (wanted > page && data.next !== null) setMarkers([...markers, data.next]);
                  else if (wanted < page) setMarkers(markers.slice(0, Math.max(1, wanted)));
                }}
                isCompact
                titles={{ paginationAriaLabel: t('Usage pages') }}
              />
            )}
          </>
        )}
      </StackItem>
    </Stack>
  );
}
