import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardTitle,
  Flex,
  FlexItem,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { DownloadIcon } from '@patternfly/react-icons';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usageCsvHref, usageQueries } from '../../data/nova/usage';
import type { PageProps } from '../../registry/types';
import { UsagePeriodForm } from '../../ui/usage/UsagePeriodForm';
import { UsageTotals } from './UsageTotals';
import { periodOf, type Period, type PeriodKind } from '../../ui/usage/period';
import { formatHours } from '../../ui/usage/usageFormat';

/**
 * Admin › Overview (issue 13): every project's usage in a period (this month by default), the
 * sum of it, and the same as CSV. One Nova call answers it all.
 */
export function AdminOverviewPage(_props: PageProps): ReactNode {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PeriodKind>('month');
  const [period, setPeriod] = useState<Period>(() => periodOf('month', new Date()));
  const usage = useQuery({ ...usageQueries.all(period), placeholderData: keepPreviousData });
  const data = usage.data;
  const rows = data ? [...data.items].sort((a, b) => b.vcpu_hours - a.vcpu_hours) : [];
  return (
    <Stack hasGutter>
      <StackItem>
        <Card isPlain>
          <CardTitle component="h2">{t('Usage Summary')}</CardTitle>
          <CardBody>
            <Stack hasGutter>
              <StackItem>
                <UsagePeriodForm
                  kind={kind}
                  period={period}
                  onChange={(k, p) => {
                    setKind(k);
                    setPeriod(p);
                  }}
                />
              </StackItem>
              <StackItem>
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
                      href={usageCsvHref('all', period)}
                      download
                    >
                      {t('Download CSV Summary')}
                    </Button>
                  </FlexItem>
                </Flex>
              </StackItem>
              <StackItem>
                <UsageTotals totals={data?.totals} />
              </StackItem>
            </Stack>
          </CardBody>
        </Card>
      </StackItem>
      <StackItem>
        {usage.isError ? (
          <Alert variant="danger" isInline title={t('Unable to retrieve usage information.')} />
        ) : (
          <Table aria-label={t('Usage')} variant="compact">
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
              {data && rows.length === 0 && (
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
        )}
      </StackItem>
    </Stack>
  );
}
