import { Type, type Static } from 'typebox';
import { route, routes } from '../route';

/** A day, `yyyy-mm-dd` (UTC): the usage form's date fields (spec 1 §3). */
export const UsageDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

/** A period of whole UTC days, both included; the server checks start ≤ end. */
export const UsagePeriodQuery = Type.Object({ start: UsageDate, end: UsageDate });
export type UsagePeriodQuery = Static<typeof UsagePeriodQuery>;

/** Largest page of instances: Nova's own max_limit default. */
export const USAGE_PAGE_MAX = 1000;

export const ProjectUsageQuery = Type.Object({
  ...UsagePeriodQuery.properties,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: USAGE_PAGE_MAX })),
  /** The last instance id of the previous page. */
  marker: Type.Optional(Type.String({ maxLength: 255 })),
});
export type ProjectUsageQuery = Static<typeof ProjectUsageQuery>;

/** Totals of a period: Nova's hours times each server's vCPUs, disk and RAM. */
export const UsageTotals = Type.Object({
  instances: Type.Integer(),
  hours: Type.Number(),
  vcpu_hours: Type.Number(),
  gb_hours: Type.Number(),
  ram_mb_hours: Type.Number(),
});
export type UsageTotals = Static<typeof UsageTotals>;

/** One instance's usage in the period (RAM in MiB, disk in GiB). */
export const InstanceUsage = Type.Object({
  instance_id: Type.String(),
  name: Type.String(),
  flavor: Type.String(),
  vcpus: Type.Number(),
  memory_mb: Type.Number(),
  local_gb: Type.Number(),
  hours: Type.Number(),
  vcpu_hours: Type.Number(),
  gb_hours: Type.Number(),
  ram_mb_hours: Type.Number(),
  state: Type.String(),
  /** Naive UTC as Nova gives it. */
  started_at: Type.Union([Type.String(), Type.Null()]),
  ended_at: Type.Union([Type.String(), Type.Null()]),
  /** Seconds since the instance started. */
  uptime: Type.Number(),
});
export type InstanceUsage = Static<typeof InstanceUsage>;

/** A page of the project's instances with the whole period's totals. */
export const ProjectUsage = Type.Object({
  ...UsagePeriodQuery.properties,
  totals: UsageTotals,
  items: Type.Array(InstanceUsage),
  /** Where the next page starts (its `marker`); null on the last page. */
  next: Type.Union([Type.String(), Type.Null()]),
});
export type ProjectUsage = Static<typeof ProjectUsage>;

/** One project's totals (admin overview). */
export const ProjectUsageTotals = Type.Object({
  project_id: Type.String(),
  /** The Keystone name, or the id when the project is gone. */
  project_name: Type.String(),
  ...UsageTotals.properties,
});
export type ProjectUsageTotals = Static<typeof ProjectUsageTotals>;

export const AllUsage = Type.Object({
  ...UsagePeriodQuery.properties,
  totals: UsageTotals,
  items: Type.Array(ProjectUsageTotals),
});
export type AllUsage = Static<typeof AllUsage>;

/** One limit of the overview's summary; `limit` -1 is unlimited. */
export const LimitUsage = Type.Object({
  name: Type.String(),
  used: Type.Number(),
  limit: Type.Number(),
});
export type LimitUsage = Static<typeof LimitUsage>;
export const LimitSummary = Type.Object({ items: Type.Array(LimitUsage) });
export type LimitSummary = Static<typeof LimitSummary>;

/** The limit summary's charts, in the order shown (Nova, Cinder, Neutron). */
export const LIMIT_NAMES = [
  'instances',
  'cores',
  'ram',
  'volumes',
  'snapshots',
  'gigabytes',
  'floatingip',
  'security_group',
  'network',
  'port',
  'router',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** What a usage chart counts over time: instances, vCPUs or RAM (MiB) in use. */
export const UsageMetric = Type.Union([
  Type.Literal('instances'),
  Type.Literal('vcpus'),
  Type.Literal('ram'),
]);
export type UsageMetric = Static<typeof UsageMetric>;
export const USAGE_METRICS: readonly UsageMetric[] = ['instances', 'vcpus', 'ram'];

export const UsageSeriesQuery = Type.Object({
  ...UsagePeriodQuery.properties,
  metric: Type.Optional(UsageMetric),
});
export type UsageSeriesQuery = Static<typeof UsageSeriesQuery>;

/** A point of a line chart: `x` naive UTC `YYYY-MM-DDTHH:MM:SS` (spec 1 §9), the interval's start. */
export const UsagePoint = Type.Object({ x: Type.String(), y: Type.Number() });
export type UsagePoint = Static<typeof UsagePoint>;

/** One line of the chart (spec 1 §3 "Line chart response"). */
export const UsageLine = Type.Object({
  name: Type.String(),
  unit: Type.String(),
  data: Type.Array(UsagePoint),
});
export type UsageLine = Static<typeof UsageLine>;

/** One project's bar (spec 1 §3 "Bar chart"): unit-hours used, time-weighted average, peak. */
export const ProjectUsageStat = Type.Object({
  project_id: Type.String(),
  project_name: Type.String(),
  used: Type.Number(),
  average: Type.Number(),
  max: Type.Number(),
});
export type ProjectUsageStat = Static<typeof ProjectUsageStat>;

export const UsageSeries = Type.Object({
  /** The projects using most, one line each (the rest are in `stats.projects`). */
  series: Type.Array(UsageLine),
  stats: Type.Object({
    ...UsagePeriodQuery.properties,
    metric: UsageMetric,
    /** Seconds between points. */
    step: Type.Integer(),
    projects: Type.Array(ProjectUsageStat),
  }),
  settings: Type.Object({}),
});
export type UsageSeries = Static<typeof UsageSeries>;

/** A CSV file, streamed (text/csv). */
export const UsageCsv = Type.Unknown({ description: 'text/csv, streamed' });

/** /api/nova/usage/… : the overview and usage pages (issue 13). */
export const novaUsageRoutes = routes('nova.usage', {
  /** The current project's usage; one Nova call for the page, one for the totals. */
  project: route({
    method: 'GET',
    path: '/api/nova/usage/',
    query: ProjectUsageQuery,
    response: { 200: ProjectUsage },
  }),
  projectCsv: route({
    method: 'GET',
    path: '/api/nova/usage/csv/',
    query: UsagePeriodQuery,
    response: { 200: UsageCsv },
  }),
  /** Every project's totals (admin): one Nova call. */
  all: route({
    method: 'GET',
    path: '/api/nova/usage/all/',
    query: UsagePeriodQuery,
    response: { 200: AllUsage },
  }),
  allCsv: route({
    method: 'GET',
    path: '/api/nova/usage/all/csv/',
    query: UsagePeriodQuery,
    response: { 200: UsageCsv },
  }),
  /** Every project's use over time (admin): one Nova call, detailed, cut into intervals. */
  series: route({
    method: 'GET',
    path: '/api/nova/usage/series/',
    query: UsageSeriesQuery,
    response: { 200: UsageSeries },
  }),
  /** The project's limits with what is used: Nova, Cinder and Neutron in one answer. */
  limits: route({
    method: 'GET',
    path: '/api/nova/usage/limits/',
    response: { 200: LimitSummary },
  }),
});
