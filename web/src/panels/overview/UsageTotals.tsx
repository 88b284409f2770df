import type { ReactNode } from 'react';
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import type { UsageTotals as Totals } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { formatHours } from '../../ui/usage/usageFormat';

const TERMS = [
  { key: 'instances', label: msg('Instances'), format: String },
  { key: 'vcpu_hours', label: msg("This Period's VCPU-Hours"), format: formatHours },
  { key: 'gb_hours', label: msg("This Period's GB-Hours"), format: formatHours },
  { key: 'ram_mb_hours', label: msg("This Period's RAM-Hours"), format: formatHours },
] as const;

/** The period's totals, as Nova summed them. */
export function UsageTotals({ totals }: { totals: Totals | undefined }): ReactNode {
  const { t } = useTranslation();
  return (
    <DescriptionList isHorizontal isCompact columnModifier={{ default: '2Col' }}>
      {TERMS.map((term) => (
        <DescriptionListGroup key={term.key}>
          <DescriptionListTerm>{t(term.label)}</DescriptionListTerm>
          <DescriptionListDescription data-testid={`total-${term.key}`}>
            {totals ? term.format(totals[term.key]) : '…'}
          </DescriptionListDescription>
        </DescriptionListGroup>
      ))}
    </DescriptionList>
  );
}
