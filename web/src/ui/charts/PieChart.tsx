import type { ReactNode } from 'react';
import { Content, Flex, FlexItem } from '@patternfly/react-core';
import { pieState, type PieState } from './pieChart';
import { PieImage } from './PieImage';

export interface PieSlice {
  /** Translated legend text, e.g. "Current Usage". */
  label: string;
  value: number;
}

export interface PieChartProps {
  /** Translated title, e.g. "Volume Storage (GiB)". */
  title: string;
  /** Already used, then what this form adds; the rest of `max` is shown as free. */
  used: PieSlice;
  added: PieSlice;
  /** Negative or missing: unlimited. */
  max: number | undefined;
  /** Translated "{used} of {max} used" style summary for screen readers and the caption. */
  summary: string;
}

const SIZE = 96;
// PatternFly palette tokens: used, added, and the state colours of the whole pie (free: PieImage).
const COLORS = {
  used: 'var(--pf-t--global--color--nonstatus--blue--default)',
  added: 'var(--pf-t--global--color--nonstatus--teal--default)',
  'nearly-full': 'var(--pf-t--global--color--status--warning--default)',
  full: 'var(--pf-t--global--color--status--danger--default)',
};

function addedColor(state: PieState): string {
  return state === 'normal' ? COLORS.added : COLORS[state];
}

/**
 * A small accessible SVG quota pie (spec 1 §9, spec 2 §2 Create Volume): the image is named by
 * its summary; the legend repeats the numbers as text.
 */
export function PieChart({ title, used, added, max, summary }: PieChartProps): ReactNode {
  const limited = max !== undefined && max >= 0;
  const total = used.value + added.value;
  const state = limited ? pieState(total, max) : 'normal';
  const whole = limited && max > 0 ? max : Math.max(total, 1);
  const usedFraction = Math.min(used.value / whole, 1);
  const totalFraction = Math.min(total / whole, 1);
  return (
    <div data-state={state}>
      <Flex alignItems={{ default: 'alignItemsCenter' }} spaceItems={{ default: 'spaceItemsMd' }}>
        <FlexItem>
          <PieImage
            label={`${title}: ${summary}`}
            size={SIZE}
            wedges={[
              { fraction: totalFraction, fill: addedColor(state) },
              // A full pie shows its state's colour, not the used part over all of it.
              ...(usedFraction >= 1 && state === 'full'
                ? []
                : [{ fraction: usedFraction, fill: COLORS.used }]),
            ]}
          />
        </FlexItem>
        <FlexItem>
          <Content component="p">
            <strong>{title}</strong>
          </Content>
          <Content component="small">{summary}</Content>
          <Content component="ul" isPlainList>
            <Content component="li">
              {used.label}: {used.value}
            </Content>
            <Content component="li">
              {added.label}: {added.value}
            </Content>
          </Content>
        </FlexItem>
      </Flex>
    </div>
  );
}
