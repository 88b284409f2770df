import type { ReactNode } from 'react';
import { Content } from '@patternfly/react-core';
import a11yStyles from '@patternfly/react-styles/css/utilities/Accessibility/accessibility.js';
import { useTranslation } from '../../i18n/useTranslation';
import { AXIS_COLOR, LABEL_COLOR, seriesStyle } from './chartColors';
import { linearScale, niceTicks } from './chartMath';
import { ChartTooltip, NoChartData, formatChartValue, useChartFrame } from './ChartFrame';

export interface BarItem {
  /** Translated or user text: the bar's name (a project). */
  label: string;
  /** What the bar measures (used). */
  value: number;
  /** Translated lines of its tooltip, e.g. used, average and peak. */
  details: readonly string[];
}

export interface BarChartProps {
  title: string;
  items: readonly BarItem[];
  /** Drawn as a dashed line across the bars, labelled "Average". */
  average?: number;
  /** The load failed: shown as no data (spec 1 §8). */
  failed?: boolean;
  formatValue?: (value: number) => string;
}

const BAR = 22;
const GAP = 8;
const MARGIN = { top: 8, right: 24, bottom: 24, left: 140 };
/** A label longer than the left margin holds is cut with an ellipsis (the tooltip has it whole). */
const LABEL_CHARS = 20;

/**
 * Horizontal SVG bars (spec 1 §3 "Bar chart"): each item's used value on one scale up to the
 * largest (the max value), the items' average as a dashed line, a tooltip per bar on hover. The
 * image is named by its title; a visually hidden table holds every number for screen readers.
 */
export function BarChart({
  title,
  items,
  average,
  failed = false,
  formatValue = formatChartValue,
}: BarChartProps): ReactNode {
  const { t } = useTranslation();
  const { id, box, width, active, setActive } = useChartFrame();

  if (failed || items.length === 0) return <NoChartData box={box} testId="bar-chart" />;

  const height = MARGIN.top + MARGIN.bottom + items.length * (BAR + GAP);
  const innerW = Math.max(width - MARGIN.left - MARGIN.right, 10);
  const ticks = niceTicks(Math.max(...items.map((i) => i.value), 0), 4);
  const top = ticks[ticks.length - 1] ?? 1;
  const xOf = linearScale([0, top], [0, innerW]);
  const innerH = items.length * (BAR + GAP);
  const style = seriesStyle(0);
  const shown = active === null ? undefined : items[active];

  return (
    <div ref={box} data-testid="bar-chart" style={{ position: 'relative' }}>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        onMouseLeave={() => setActive(null)}
        style={{ display: 'block', maxWidth: '100%' }}
      >
        <title id={`${id}-title`}>{title}</title>
        <g transform={`translate(${MARGIN.left} ${MARGIN.top})`}>
          {ticks.map((v) => (
            <g key={v}>
              <line
                x1={xOf(v)}
                x2={xOf(v)}
                y1={0}
                y2={innerH}
                stroke={AXIS_COLOR}
                strokeWidth={0.5}
              />
              <text x={xOf(v)} y={innerH + 16} textAnchor="middle" fontSize={11} fill={LABEL_COLOR}>
                {formatValue(v)}
              </text>
            </g>
          ))}
          {items.map((item, i) => {
            const y = i * (BAR + GAP);
            const label =
              item.label.length > LABEL_CHARS
                ? `${item.label.slice(0, LABEL_CHARS - 1)}…`
                : item.label;
            return (
              <g key={`${item.label}-${i}`} data-testid="bar" onMouseEnter={() => setActive(i)}>
                <text
                  x={-8}
                  y={y + BAR / 2}
                  dy="0.32em"
                  textAnchor="end"
                  fontSize={12}
                  fill={LABEL_COLOR}
                >
                  {label}
                </text>
                {/* The whole row answers the pointer, so a tiny bar still has its tooltip. */}
                <rect x={0} y={y} width={innerW} height={BAR} fill="transparent" />
                <rect
                  x={0}
                  y={y}
                  width={Math.max(xOf(item.value), item.value > 0 ? 1 : 0)}
                  height={BAR}
                  fill={style.color}
                  opacity={active === null || active === i ? 1 : 0.6}
                />
              </g>
            );
          })}
          {average !== undefined && average > 0 && (
            <g data-testid="bar-average">
              <line
                x1={xOf(average)}
                x2={xOf(average)}
                y1={-4}
                y2={innerH}
                stroke="var(--pf-t--global--text--color--regular)"
                strokeWidth={1.5}
                strokeDasharray="4 3"
              />
            </g>
          )}
        </g>
      </svg>
      {shown !== undefined && active !== null && (
        <ChartTooltip
          top={MARGIN.top + active * (BAR + GAP) + BAR}
          left={MARGIN.left + Math.min(xOf(shown.value), Math.max(innerW - 240, 0))}
        >
          <div>
            <strong>{shown.label}</strong>
          </div>
          {shown.details.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </ChartTooltip>
      )}
      {average !== undefined && average > 0 && (
        <Content component="small" aria-hidden="true">
          {t('Dashed line: average {{value}}', { value: formatValue(average) })}
        </Content>
      )}
      <table className={a11yStyles.screenReader}>
        <caption>{title}</caption>
        <tbody>
          {items.map((item, i) => (
            <tr key={`${item.label}-${i}`}>
              <th scope="row">{item.label}</th>
              <td>{item.details.join('; ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
