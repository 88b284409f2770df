import type { ReactNode } from 'react';
import { Alert, Button, Flex, FlexItem } from '@patternfly/react-core';
import { DownloadIcon } from '@patternfly/react-icons';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { UsagePeriodQuery } from '@skydeck/contract';
import { usageCsvHref, usageQueries } from '../../data/nova/usage';
import { formatHours } from '../../ui/usage/usageFormat';

/** Every project's usage of a period (one Nova call); the previous period stays until it is in. */
export const useEveryProjectUsage = (period: UsagePeriodQuery) =>
  useQuery({ ...usageQueries.all(period), placeholderData: keepPreviousData });

/**
 * "Active usage from … to … (UTC)." and the CSV of that period: the project's own instances, or
 * every project's totals.
 */
export function UsageHeading({
  period,
  scope,
}: {
  period: UsagePeriodQuery;
  scope: 'project' | 'all';
}): ReactNode {
  const { t } = useTranslation();
  return (
    <Flex justifyContent={{ default: 'justifyContentSpaceBetween' }}>
      <FlexItem>
        {t('Active usage from {{start}} to {{end}} (UTC).', {
          start: period.start,
          end: period.end,
        })}
      </FlexItem>
      <FlexItem>
        <Button
          component="a"
          variant="link"
          icon={<DownloadIcon />}
          href={usageCsvHref(scope, period)}
          download
        >
          {t('Download CSV Summary')}
        </Button>
      </FlexItem>
    </Flex>
  );
}

/**
 * The projects of a period, the busiest (vCPU hours) first, as Nova sums them: the admin
 * overview and the usage report show the same table.
 */
export function EveryProjectUsageTable({
  period,
  label,
}: {
  period: UsagePeriodQuery;
  label: string;
}): ReactNode {
  const { t } = useTranslation();
  const usage = useEveryProjectUsage(period);
  if (usage.isError) {
    return <Alert variant="danger" isInline title={t('Unable to retrieve usage information.')} />;
  }
  const rows = usage.data ? [...usage.data.items].sort((a, b) => b.vcpu_hours - a.vcpu_hours) : [];
  return (
    <Table aria-label={label} variant="compact">
      <Thead>
        <Tr>
          <Th>{t('Project Name')}</Th>
          <Th>{t('Instances')}</Th>
          <Th>{t('VCPU Hours')}</Th>
          <Th>{t('Disk GB Hours')}</Th>
          <Th>{t('RAM MB Hours')}</Th>
        </Tr>
      </Thead>
      <Tbody>
        {usage.data && rows.length === 0 && (
          <Tr>
            <Td colSpan={5}>{t('No items to display.')}</Td>
          </Tr>
        )}
        {rows.map((p) => (
          <Tr key={p.project_id}>
            <Td dataLabel={t('Project Name')}>{p.project_name}</Td>
            <Td dataLabel={t('Instances')}>{p.instances}</Td>
            <Td dataLabel={t('VCPU Hours')}>{formatHours(p.vcpu_hours)}</Td>
            <Td dataLabel={t('Disk GB Hours')}>{formatHours(p.gb_hours)}</Td>
            <Td dataLabel={t('RAM MB Hours')}>{formatHours(p.ram_mb_hours)}</Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
