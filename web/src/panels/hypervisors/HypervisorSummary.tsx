import type { ReactNode } from 'react';
import {
  Card,
  CardBody,
  CardTitle,
  Gallery,
  Progress,
  ProgressMeasureLocation,
  ProgressVariant,
  Skeleton,
} from '@patternfly/react-core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { HypervisorSummary as Summary } from '@skydeck/contract';
import { msg, type Msg } from '../../i18n/msg';
import type { SizeUnit } from '../../registry/formatSize';
import { percentUsed, usedOfTotal } from './usage';
import { hypervisorQueries } from '../../data/nova/computeAdmin';

interface Meter {
  id: string;
  title: Msg;
  used: (s: Summary) => number;
  total: (s: Summary) => number;
  unit?: SizeUnit;
}

const METERS: readonly Meter[] = [
  { id: 'vcpu', title: msg('VCPU Usage'), used: (s) => s.vcpus_used, total: (s) => s.vcpus },
  {
    id: 'ram',
    title: msg('Memory Usage'),
    used: (s) => s.memory_mb_used,
    total: (s) => s.memory_mb,
    unit: 'MB',
  },
  {
    id: 'disk',
    title: msg('Local Disk Usage'),
    used: (s) => s.local_gb_used,
    total: (s) => s.local_gb,
    unit: 'GB',
  },
];

// The quota bars' thresholds (spec 1 §9): warning from 80 %, danger from 100 %.
const variantOf = (percent: number): ProgressVariant | undefined =>
  percent >= 100 ? ProgressVariant.danger : percent >= 80 ? ProgressVariant.warning : undefined;

/** Used and total vCPUs, memory and local disk over every hypervisor, as bars. */
export function HypervisorSummary(): ReactNode {
  const { t } = useTranslation();
  const summary = useQuery(hypervisorQueries.summary());
  return (
    <Gallery hasGutter minWidths={{ default: '16rem' }} aria-label={t('Hypervisor Summary')}>
      {METERS.map((meter) => {
        const data = summary.data;
        const used = data ? meter.used(data) : 0;
        const total = data ? meter.total(data) : 0;
        const percent = percentUsed(used, total);
        const text = t('Used {{usage}}', { usage: usedOfTotal(used, total, meter.unit) });
        return (
          <Card key={meter.id} isCompact data-testid={`usage-${meter.id}`}>
            <CardBody>
              {data ? (
                <Progress
                  value={percent}
                  title={t(meter.title)}
                  valueText={text}
                  measureLocation={ProgressMeasureLocation.outside}
                  label={`${text} (${percent}%)`}
                  variant={variantOf(percent)}
                />
              ) : (
                <>
                  <CardTitle component="h2">{t(meter.title)}</CardTitle>
                  {summary.isError ? (
                    t('Unable to retrieve hypervisor statistics.')
                  ) : (
                    <Skeleton screenreaderText={t('Loading')} />
                  )}
                </>
              )}
            </CardBody>
          </Card>
        );
      })}
    </Gallery>
  );
}
