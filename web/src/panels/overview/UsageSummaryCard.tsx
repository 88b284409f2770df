import type { ReactNode } from 'react';
import { Card, CardBody, CardTitle, Stack, StackItem } from '@patternfly/react-core';
import type { UsageTotals as Totals } from '@skydeck/contract';
import { useTranslation } from '../../i18n/useTranslation';
import { UsageHeading } from '../../shared/usage/ProjectUsage';
import { UsagePeriodForm, type PeriodChoice } from '../../ui/usage/UsagePeriodForm';
import { UsageTotals } from './UsageTotals';

/**
 * The Usage Summary card both overviews open with: the period chooser, what the period covers
 * (with its CSV) and Nova's totals for it; only whose usage it is differs.
 */
export function UsageSummaryCard({
  choice,
  scope,
  totals,
}: {
  choice: PeriodChoice;
  scope: 'project' | 'all';
  totals: Totals | undefined;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <Card isPlain>
      <CardTitle component="h2">{t('Usage Summary')}</CardTitle>
      <CardBody>
        <Stack hasGutter>
          <StackItem>
            <UsagePeriodForm {...choice} />
          </StackItem>
          <StackItem>
            <UsageHeading period={choice.period} scope={scope} />
          </StackItem>
          <StackItem>
            <UsageTotals totals={totals} />
          </StackItem>
        </Stack>
      </CardBody>
    </Card>
  );
}
