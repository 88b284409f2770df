import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import a11yStyles from '@patternfly/react-styles/css/utilities/Accessibility/accessibility.js';
import { useTranslation } from '../../i18n/useTranslation';
import { AXIS_COLOR, LABEL_COLOR, seriesStyle } from './chartColors';
import {
  axisLabel,
  gmtLabel,
  linePath,
  linearScale,
  nearestIndex,
  niceTicks,
  parseNaiveUtc,
  tickIndices,
} from './chartMath';
import { ChartTooltip, NoChartData, formatChartValue, useChartFrame } from './ChartFrame';

/** A line of the spec's line chart response (spec 1 §3): x naive UTC, y in `unit`. */
export interface ChartSeries {
  name: string;
  unit: string;
  data: readonly { x: string; y: number }[];
}

export interface LineChartProps {
  /** Translated title: names the image. */
  title: string;
  series: readonly ChartSeries[];
  /** The load failed: shown as no data (spec 1 §8). */
  failed?: boolean;
  /** Numbers as the page shows them (grouping, decimals). */
  formatValue?: (value: number) => string;
  height?: number;
}

const MARGIN = { top: 12, right: 16, bottom: 28, left: 56 };
const HOUR_MS = 3_600_000;

/**
 * An SVG line chart (spec 1 §2): every line over the same UTC timestamps. The image is named by
 * its title and described by its lines and range; a visually hidden table holds the numbers.
 * Hover, or focus and the arrow keys, show a point's values with its time in GMT (spec 1 §9).
 */
export function LineChart({
  title,
  series,
  failed = false,
  formatValue = formatChartValue,
  height = 240,
}: LineChartProps): ReactNode {
  const { t } = useTranslation();
  const { id, box, width, active, setActive } = useChartFrame();
  const times = (series[0]?.data ?? []).map((p) => parseNaiveUtc(p.x));

  if (failed || series.length === 0 || times.length === 0) {
    return <NoChartData box={box} testId="line-chart" />;
  }

  const inner = {
    w: Math.max(width - MARGIN.left - MARGIN.right, 10),
    h: height - MARGIN.top - MARGIN.bottom,
  };
  const peak = Math.max(...series.flatMap((s) => s.data.map((p) => p.y)), 0);
  const ticks = niceTicks(peak);
  const top = ticks[ticks.length - 1] ?? 1;
  const xOf = linearScale([0, Math.max(times.length - 1, 1)], [0, inner.w]);
  const yOf = linearScale([0, top], [inner.h, 0]);
  const hourly = times.length > 1 && (times[1] ?? 0) - (times[0] ?? 0) < 24 * HOUR_MS;
  const first = times[0] ?? 0;
  const last = times[times.length - 1] ?? first;
  const description = t('{{names}}: from {{start}} to {{end}}.', {
    names: series.map((s) => `${s.name} (${s.unit})`).join(', '),
    start: gmtLabel(first),
    end: gmtLabel(last),
  });
  const single = times.length === 1;

  const move = (event: MouseEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const px = ((event.clientX - rect.left) / Math.max(rect.width, 1)) * width - MARGIN.left;
    setActive(nearestIndex(px, inner.w, times.length));
  };
  const key = (event: KeyboardEvent<SVGSVGElement>) => {
    const current = active ?? times.length - 1;
    const next =
      event.key === 'ArrowLeft'
        ? current - 1
        : event.key === 'ArrowRight'
          ? current + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? times.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(Math.min(Math.max(next, 0), times.length - 1));
  };
  const activeTime = active === null ? undefined : times[active];

  return (
    <div ref={box} data-testid="line-chart" style={{ position: 'relative' }}>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        tabIndex={0}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        onMouseMove={move}
        onMouseLeave={() => setActive(null)}
        onFocus={() => setActive((a) => a ?? times.length - 1)}
        onBlur={() => setActive(null)}
        onKeyDown={key}
        style={{ display: 'block', maxWidth: '100%' }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g transform={`translate(${MARGIN.left} ${MARGIN.top})`}>
          {ticks.map((v) => (
            <g key={v}>
              <line
                x1={0}
                x2={inner.w}
                y1={yOf(v)}
                y2={yOf(v)}
                stroke={AXIS_COLOR}
                strokeWidth={0.5}
              />
              <text x={-6} y={yOf(v)} dy="0.32em" textAnchor="end" fontSize={11} fill={LABEL_COLOR}>
                {formatValue(v)}
              </text>
            </g>
          ))}
          {tickIndices(times.length, Math.max(2, Math.floor(inner.w / 90))).map((i) => (
            <text
              key={i}
              x={xOf(i)}
              y={inner.h + 18}
              textAnchor={i === 0 ? 'start' : i === times.length - 1 ? 'end' : 'middle'}
              fontSize={11}
              fill={LABEL_COLOR}
            >
              {axisLabel(times[i] ?? 0, hourly)}
            </text>
          ))}
          {series.map((s, si) => {
            const style = seriesStyle(si);
            const points = s.data.map((p, i) => ({ x: xOf(i), y: yOf(p.y) }));
            return single ? (
              <circle key={s.name} cx={points[0]?.x} cy={points[0]?.y} r={3} fill={style.color} />
            ) : (
              <path
                key={s.name}
                d={linePath(points)}
                fill="none"
                stroke={style.color}
                strokeWidth={2}
                strokeDasharray={style.dash || undefined}
              />
            );
          })}
          {active !== null && (
            <g data-testid="chart-cursor">
              <line
                x1={xOf(active)}
                x2={xOf(active)}
                y1={0}
                y2={inner.h}
                stroke={LABEL_COLOR}
                strokeWidth={1}
              />
              {series.map((s, si) => (
                <circle
                  key={s.name}
                  cx={xOf(active)}
                  cy={yOf(s.data[active]?.y ?? 0)}
                  r={3.5}
                  fill={seriesStyle(si).color}
                />
              ))}
            </g>
          )}
        </g>
      </svg>
      {activeTime !== undefined && active !== null && (
        <ChartTooltip
          top={MARGIN.top}
          left={Math.min(MARGIN.left + xOf(active) + 12, Math.max(width - 260, 0))}
        >
          <div>{gmtLabel(activeTime)}</div>
          {series.map((s) => (
            <div key={s.name}>
              {s.name}: {formatValue(s.data[active]?.y ?? 0)} {s.unit}
            </div>
          ))}
        </ChartTooltip>
      )}
      <ul
        aria-hidden="true"
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: '1rem',
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        {series.map((s, si) => {
          const style = seriesStyle(si);
          return (
            <li key={s.name} style={{ display: 'flex', alignItems: 'center' }}>
              <svg width={24} height={10} aria-hidden="true" style={{ marginRight: 4 }}>
                <line
                  x1={0}
                  x2={24}
                  y1={5}
                  y2={5}
                  stroke={style.color}
                  strokeWidth={2}
                  strokeDasharray={style.dash || undefined}
                />
              </svg>
              {s.name}
            </li>
          );
        })}
      </ul>
      <table className={a11yStyles.screenReader}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Time (GMT)')}</th>
            {series.map((s) => (
              <th scope="col" key={s.name}>
                {s.name} ({s.unit})
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {times.map((ms, i) => (
            <tr key={ms}>
              <th scope="row">{gmtLabel(ms)}</th>
              {series.map((s) => (
                <td key={s.name}>{formatValue(s.data[i]?.y ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
