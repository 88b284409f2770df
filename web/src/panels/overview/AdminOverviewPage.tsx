import type { ReactNode } from 'react';
import { Stack, StackItem } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import type { PageProps } from '../../registry/types';
import { EveryProjectUsageTable, useEveryProjectUsage } from '../../shared/usage/ProjectUsage';
import { usePeriodChoice } from '../../ui/usage/UsagePeriodForm';
import { UsageSummaryCard } from './UsageSummaryCard';

/**
 * Admin › Overview (issue 13): every project's usage in a period (this month by default), the
 * sum of it, and the same as CSV. One Nova call answers it all.
 */
export function AdminOverviewPage(_props: PageProps): ReactNode {
  const { t } = useTranslation();
  const choice = usePeriodChoice();
  const { period } = choice;
  const usage = useEveryProjectUsage(period);
  return (
    <Stack hasGutter>
      <StackItem>
        <UsageSummaryCard choice={choice} scope="all" totals={usage.data?.totals} />
      </StackItem>
      <StackItem>
        <EveryProjectUsageTable period={period} label={t('Usage')} />
      </StackItem>
    </Stack>
  );
}
