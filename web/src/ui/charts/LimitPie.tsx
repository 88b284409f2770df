import type { ReactNode } from 'react';
import { Content, Flex, FlexItem, Label } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import { msg } from '../../i18n/msg';
import { pieState, type PieState } from './pieChart';
import { PieImage } from './PieImage';

const SIZE = 88;
const COLORS: Record<PieState, string> = {
  normal: 'var(--pf-t--global--color--nonstatus--blue--default)',
  'nearly-full': 'var(--pf-t--global--color--status--warning--default)',
  full: 'var(--pf-t--global--color--status--danger--default)',
};
const STATE_TEXT = { 'nearly-full': msg('Nearly full'), full: msg('Full') } as const;

export interface LimitPieProps {
  /** Translated title, e.g. "Instances". */
  title: string;
  used: number;
  /** Negative: unlimited. */
  limit: number;
  /** Shows a number with its unit (RAM in MB → "2 GB"). */
  format?: (value: number) => string;
}

/**
 * A limit summary pie of the overview (spec 1 §9: nearly full from 80 %, full at 100 %): the
 * image is named by its text, and the same text, with the state in words, is shown beside it,
 * so colour is never the only sign.
 */
export function LimitPie({ title, used, limit, format = String }: LimitPieProps): ReactNode {
  const { t } = useTranslation();
  const limited = limit >= 0;
  const state = limited ? pieState(used, limit) : 'normal';
  const fraction = limited ? (limit === 0 ? (used > 0 ? 1 : 0) : Math.min(used / limit, 1)) : 0;
  const summary = limited
    ? t('Used {{used}} of {{limit}}', { used: format(used), limit: format(limit) })
    : t('Used {{used}} (No Limit)', { used: format(used) });
  return (
    <Flex
      direction={{ default: 'column' }}
      alignItems={{ default: 'alignItemsCenter' }}
      spaceItems={{ default: 'spaceItemsSm' }}
      data-testid="limit-pie"
      data-state={state}
    >
      <FlexItem>
        <PieImage
          label={`${title}: ${summary}`}
          size={SIZE}
          wedges={[{ fraction, fill: COLORS[state] }]}
        />
      </FlexItem>
      <FlexItem>
        <Content component="p" style={{ textAlign: 'center', marginBottom: 0 }}>
          <strong>{title}</strong>
        </Content>
      </FlexItem>
      <FlexItem>
        <Content component="small">{summary}</Content>
      </FlexItem>
      {state !== 'normal' && (
        <FlexItem>
          <Label color={state === 'full' ? 'red' : 'orange'} isCompact>
            {t(STATE_TEXT[state])}
          </Label>
        </FlexItem>
      )}
    </Flex>
  );
}
