import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { PieChart } from './PieChart';

export interface QuotaPieProps {
  /** Translated title, e.g. "Number of Volumes". */
  title: string;
  used: number;
  /** What the form would add. */
  added: number;
  /** Negative: unlimited. */
  max: number;
}

/**
 * A form's quota chart (Create Volume, the launch wizard's details): the current usage, what the
 * form adds, and the two together against the limit. One place for the legend and summary texts
 * every such chart shows.
 */
export function QuotaPie({ title, used, added, max }: QuotaPieProps): ReactNode {
  const { t } = useTranslation();
  return (
    <PieChart
      title={title}
      used={{ label: t('Current Usage'), value: used }}
      added={{ label: t('Added'), value: added }}
      max={max}
      summary={
        max < 0
          ? t('{{used}} used, no limit', { used: used + added })
          : t('{{used}} of {{max}} used', { used: used + added, max })
      }
    />
  );
}
