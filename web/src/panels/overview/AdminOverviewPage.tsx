import type { ReactNode } from 'react';
import { Card, CardBody, CardTitle, Stack, StackItem } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import type { PageProps } from '../../registry/types';
import {
  UsageHeading,
  EveryProjectUsageTable,
  useEveryProjectUsage,
} from '../../shared/usage/ProjectUsage';
import { UsagePeriodForm, usePeriodChoice } from '../../ui/usage/UsagePeriodForm';
import { UsageTotals } from './UsageTotals';

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
        <Card isPlain>
          <CardTitle component="h2">{t('Usage Summary')}</CardTitle>
          <CardBody>
            <Stack hasGutter>
              <StackItem>
                <UsagePeriodForm {...choice} />
              </StackItem>
              <StackItem>
                <UsageHeading period={period} scope="all" />
              </StackItem>
              <StackItem>
                <UsageTotals totals={usage.data?.totals} />
              </StackItem>
            </Stack>
          </CardBody>
        </Card>
      </StackItem>
      <StackItem>
        <EveryProjectUsageTable period={period} label={t('Usage')} />
      </StackItem>
    </Stack>
  );
}
