import { useState, type ReactNode } from 'react';
import {
  Card,
  CardBody,
  CardTitle,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Stack,
  StackItem,
  Tab,
  Tabs,
  TabTitleText,
} from '@patternfly/react-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { UsageMetric, UsagePeriodQuery } from '@skydeck/contract';
import { usageQueries } from '../../data/nova/usage';
import { msg, type Msg } from '../../i18n/msg';
import type { PageProps } from '../../registry/types';
import { UsageHeading, EveryProjectUsageTable } from '../../shared/usage/ProjectUsage';
import { BarChart } from '../../ui/charts/BarChart';
import { ChartErrorBoundary } from '../../ui/charts/ChartErrorBoundary';
import { LineChart } from '../../ui/charts/LineChart';
import { UsagePeriodForm, usePeriodChoice } from '../../ui/usage/UsagePeriodForm';
import { formatHours } from '../../ui/usage/usageFormat';

const USAGE_METRICS: readonly UsageMetric[] = ['instances', 'vcpus', 'ram'];

const METRICS: Record<UsageMetric, { label: Msg; unit: Msg; hours: Msg }> = {
  instances: { label: msg('Instances'), unit: msg('instances'), hours: msg('instance hours') },
  vcpus: { label: msg('VCPUs'), unit: msg('vCPUs'), hours: msg('vCPU hours') },
  ram: { label: msg('RAM (MB)'), unit: msg('MB'), hours: msg('MB hours') },
};

/** The Usage Report tab: every project's totals of the period, as Nova sums them, and its CSV. */
function UsageReport({ period }: { period: UsagePeriodQuery }): ReactNode {
  const { t } = useTranslation();
  return (
    <Stack hasGutter>
      <StackItem>
        <UsageHeading period={period} scope="all" />
      </StackItem>
      <StackItem>
        <EveryProjectUsageTable period={period} label={t('Usage Report')} />
      </StackItem>
    </Stack>
  );
}

/** The Stats tab: the top projects' use per interval as lines, every project's total as bars. */
function UsageStats({ period }: { period: UsagePeriodQuery }): ReactNode {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<UsageMetric>('vcpus');
  const stats = useQuery({
    ...usageQueries.series(period, metric),
    placeholderData: keepPreviousData,
  });
  const names = METRICS[metric];
  const unit = t(names.unit);
  const hours = t(names.hours);
  const data = stats.data;
  // Another period or metric draws afresh, past a chart that failed before.
  const drawing = `${metric} ${period.start} ${period.end}`;
  const projects = (data?.stats.projects ?? []).filter((p) => p.used > 0);
  const average =
    projects.length > 0 ? projects.reduce((sum, p) => sum + p.used, 0) / projects.length : 0;
  return (
    <Stack hasGutter>
      <StackItem>
        <FormGroup label={t('Metric')} fieldId="usage-metric">
          <FormSelect
            id="usage-metric"
            value={metric}
            onChange={(_e, value) => setMetric(USAGE_METRICS.find((m) => m === value) ?? 'vcpus')}
            style={{ maxWidth: '16rem' }}
          >
            {USAGE_METRICS.map((m) => (
              <FormSelectOption key={m} value={m} label={t(METRICS[m].label)} />
            ))}
          </FormSelect>
        </FormGroup>
      </StackItem>
      <StackItem>
        <Card isPlain>
          <CardTitle component="h2">
            {t('{{metric}} in use over time (top projects)', { metric: t(names.label) })}
          </CardTitle>
          <CardBody>
            {data || stats.isError ? (
              <ChartErrorBoundary key={drawing}>
                <LineChart
                  title={t('{{metric}} in use over time (top projects)', {
                    metric: t(names.label),
                  })}
                  series={(data?.series ?? []).map((s) => ({ ...s, unit }))}
                  failed={stats.isError}
                />
              </ChartErrorBoundary>
            ) : (
              t('Loading…')
            )}
          </CardBody>
        </Card>
      </StackItem>
      <StackItem>
        <Card isPlain>
          <CardTitle component="h2">{t('Use per project ({{unit}})', { unit: hours })}</CardTitle>
          <CardBody>
            {data || stats.isError ? (
              <ChartErrorBoundary key={drawing}>
                <BarChart
                  title={t('Use per project ({{unit}})', { unit: hours })}
                  failed={stats.isError}
                  average={average}
                  formatValue={formatHours}
                  items={projects.map((p) => ({
                    label: p.project_name,
                    value: p.used,
                    details: [
                      t('Used: {{value}} {{unit}}', { value: formatHours(p.used), unit: hours }),
                      t('Average: {{value}} {{unit}}', { value: formatHours(p.average), unit }),
                      t('Max: {{value}} {{unit}}', { value: formatHours(p.max), unit }),
                    ],
                  }))}
                />
              </ChartErrorBoundary>
            ) : (
              t('Loading…')
            )}
          </CardBody>
        </Card>
      </StackItem>
    </Stack>
  );
}

/**
 * Admin › Resource Usage (issue 13, spec 1 §2): one period for two tabs, the usage report of
 * every project and the statistics over time drawn from Nova's tenant usage.
 */
export function MeteringPage(_props: PageProps): ReactNode {
  const { t } = useTranslation();
  const choice = usePeriodChoice();
  const { period } = choice;
  const [active, setActive] = useState<string | number>('report');
  return (
    <Stack hasGutter>
      <StackItem>
        <UsagePeriodForm {...choice} />
      </StackItem>
      <StackItem>
        <Tabs
          activeKey={active}
          onSelect={(_e, key) => setActive(key)}
          mountOnEnter
          unmountOnExit
          aria-label={t('Resource Usage')}
        >
          <Tab eventKey="report" title={<TabTitleText>{t('Usage Report')}</TabTitleText>}>
            <UsageReport period={period} />
          </Tab>
          <Tab eventKey="stats" title={<TabTitleText>{t('Stats')}</TabTitleText>}>
            <UsageStats period={period} />
          </Tab>
        </Tabs>
      </StackItem>
    </Stack>
  );
}
