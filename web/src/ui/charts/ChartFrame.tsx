import {
  useId,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
} from 'react';
import { Content } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import { useDebouncedWidth } from './useDebouncedWidth';

/** Numbers as a chart shows them unless the page formats them: grouped, at most 2 decimals. */
export const formatChartValue = (v: number): string =>
  v.toLocaleString(undefined, { maximumFractionDigits: 2 });

export interface ChartFrame {
  /** Prefix of the ids that tie the image to its title and description. */
  id: string;
  /** The chart's box, whose width (debounced, spec 1 §3) the drawing follows. */
  box: RefObject<HTMLDivElement | null>;
  width: number;
  /** The index of the point or bar under the pointer (or keyboard focus), null when none. */
  active: number | null;
  setActive: Dispatch<SetStateAction<number | null>>;
}

/** What every SVG chart holds besides its drawing: ids, its measured box and the active item. */
export function useChartFrame(): ChartFrame {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const width = useDebouncedWidth(box, 640);
  const [active, setActive] = useState<number | null>(null);
  return { id, box, width, active, setActive };
}

/** A chart with nothing to draw, or whose load failed (spec 1 §8): one line of text. */
export function NoChartData({
  box,
  testId,
}: {
  box: ChartFrame['box'];
  testId: string;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <div ref={box} data-testid={testId}>
      <Content component="p">{t('No data available.')}</Content>
    </div>
  );
}

/** The tooltip of the active point or bar, placed inside the chart's box. */
export function ChartTooltip({
  top,
  left,
  children,
}: {
  top: number;
  left: number;
  children: ReactNode;
}): ReactNode {
  return (
    <div
      role="status"
      data-testid="chart-tooltip"
      style={{
        position: 'absolute',
        top,
        left,
        background: 'var(--pf-t--global--background--color--inverse--default)',
        color: 'var(--pf-t--global--text--color--inverse)',
        padding: '4px 8px',
        borderRadius: 4,
        fontSize: 12,
        pointerEvents: 'none',
        whiteSpace: 'nowrap',
        zIndex: 1,
      }}
    >
      {children}
    </div>
  );
}
