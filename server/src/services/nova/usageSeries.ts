import type { ServerUsage, TenantUsage } from '@skydeck/openstack-client';
import type { ProjectUsageStat, UsageMetric, UsageSeries } from '@skydeck/contract';
import { parseDay } from './usage';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Points of a line at most: a year of days fits, a longer period takes wider steps. */
export const MAX_POINTS = 400;
/** Interval lengths past two days, finest first: the first giving at most MAX_POINTS points is used. */
const STEPS_MS = [DAY_MS, 7 * DAY_MS, 30 * DAY_MS, 365 * DAY_MS] as const;
const LONGEST_STEP_MS = 365 * DAY_MS;
/** The line chart draws the projects using most; the bar chart has them all. */
export const TOP_PROJECTS = 5;

const UNITS: Record<UsageMetric, string> = { instances: 'instances', vcpus: 'vCPUs', ram: 'MiB' };

/** How much of the metric one server holds while it exists. */
const weightOf = (s: ServerUsage, metric: UsageMetric): number =>
  metric === 'instances' ? 1 : metric === 'vcpus' ? s.vcpus : s.memory_mb;

/** Nova's naive UTC (`2026-03-01T00:00:00.000000`, microseconds or not) → ms. */
export const parseNaive = (text: string | null): number | null => {
  if (text === null) return null;
  const ms = Date.parse(`${text.replace(' ', 'T').slice(0, 19)}Z`);
  return Number.isNaN(ms) ? null : ms;
};

/** The chart's timestamps: UTC ISO without a zone (spec 1 §9). */
export const naiveIso = (ms: number): string => new Date(ms).toISOString().slice(0, 19);

/**
 * Hours for a period of a day or two; otherwise the finest of days, weeks, months, years that
 * keeps it within MAX_POINTS points (a week of hours would draw a comb of night and day).
 */
export const stepFor = (span: number): number =>
  span <= 2 * DAY_MS
    ? HOUR_MS
    : (STEPS_MS.find((step) => Math.ceil(span / step) <= MAX_POINTS) ?? LONGEST_STEP_MS);

const round = (value: number): number => Math.round(value * 1000) / 1000;

export interface SeriesInput {
  /** Nova's detailed tenant usages of the period (every server with its start and end). */
  usages: readonly TenantUsage[];
  /** Keystone names by project id; a project without one shows its id. */
  names: ReadonlyMap<string, string>;
  /** Whole UTC days, both included (already checked by novaPeriod). */
  start: string;
  end: string;
  metric: UsageMetric;
  now: number;
}

/**
 * The usage lines of a period: each interval's y is the metric held on average over it (a
 * server running half of a day counts half an instance), so y × interval hours summed over a
 * line gives Nova's own unit-hours. Intervals after now have no point; the one holding now is
 * averaged over its elapsed part, as Nova cuts the period at now.
 */
export function usageSeries(input: SeriesInput): UsageSeries {
  const { usages, names, start, end, metric, now } = input;
  const from = parseDay(start) ?? 0;
  const to = (parseDay(end) ?? from) + DAY_MS;
  const step = stepFor(to - from);
  const stop = Math.min(to, now);
  const count = stop > from ? Math.ceil((stop - from) / step) : 0;
  const bounds = Array.from({ length: count }, (_, i) => ({
    start: from + i * step,
    end: Math.min(from + (i + 1) * step, stop),
  }));

  const lines = usages.map((u) => {
    const held = new Array<number>(count).fill(0);
    for (const s of u.server_usages ?? []) {
      const begin = Math.max(parseNaive(s.started_at) ?? from, from);
      const finish = Math.min(parseNaive(s.ended_at) ?? stop, stop);
      if (finish <= begin) continue;
      const weight = weightOf(s, metric);
      const last = Math.min(Math.floor((finish - 1 - from) / step), count - 1);
      for (let i = Math.floor((begin - from) / step); i <= last; i++) {
        const b = bounds[i];
        if (b === undefined) continue;
        held[i] = (held[i] ?? 0) + weight * (Math.min(finish, b.end) - Math.max(begin, b.start));
      }
    }
    const data = bounds.map((b, i) => ({
      x: naiveIso(b.start),
      y: (held[i] ?? 0) / (b.end - b.start),
    }));
    const total = held.reduce((sum, v) => sum + v, 0);
    const stat: ProjectUsageStat = {
      project_id: u.tenant_id,
      project_name: names.get(u.tenant_id) ?? u.tenant_id,
      used: round(total / HOUR_MS),
      average: stop > from ? round(total / (stop - from)) : 0,
      max: round(data.reduce((m, p) => Math.max(m, p.y), 0)),
    };
    return { stat, data };
  });
  lines.sort((a, b) => b.stat.used - a.stat.used);

  return {
    series: lines
      .filter((l) => l.stat.used > 0)
      .slice(0, TOP_PROJECTS)
      .map((l) => ({
        name: l.stat.project_name,
        unit: UNITS[metric],
        data: l.data.map((p) => ({ x: p.x, y: round(p.y) })),
      })),
    stats: { start, end, metric, step: step / 1000, projects: lines.map((l) => l.stat) },
    settings: {},
  };
}
