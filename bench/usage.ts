/**
 * `npm run bench:usage` (issue 13): the overview pages' usage calls on a demo cloud (its own
 * process) seeded with 5,000 servers over the last 90 days (DEMO_CLOUD_SCALE=usage_servers=5000:
 * launches spread over the 90 days, every third server deleted after 1 to 20 days), through
 * the server, for the last 30 days:
 *  - project overview: GET /api/nova/usage/?start&end (a page of 20 instances and the period's
 *    totals) as demo, and its CSV (every instance, streamed);
 *  - admin overview: GET /api/nova/usage/all/?start&end (every project's totals) as admin;
 *  - admin Resource Usage › Stats: GET /api/nova/usage/series/?start&end (each project's vCPUs
 *    per day from every server's start and end) as admin;
 *  - Nova calls per page: the server's skydeck_upstream_requests_total{service="compute"}
 *    (SKYDECK_METRICS) before and after one request.
 * Targets: p50 ≤ 500 ms; at most two Nova calls per page.
 *
 * `--no-append` leaves bench/RESULTS.md alone.
 */
import { appendResults, login, machine, startProduct, type Cookies } from './common';

const SERVERS = 5000;
const RUNS = 20;
const P50_TARGET = 500;
const append = !process.argv.includes('--no-append');

/** A line chart answer's size: its lines and their points. */
const seriesSize = (body: string): string => {
  const { series } = JSON.parse(body) as { series: { data: unknown[] }[] };
  return `${series.length} lines of ${series[0]?.data.length ?? 0} points`;
};

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function get(base: string, who: Cookies, path: string): Promise<string> {
  const r = await fetch(`${base}${path}`, {
    headers: { Cookie: who.cookie, 'X-Requested-With': 'XMLHttpRequest' },
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${text}`);
  return text;
}

async function computeCalls(base: string): Promise<number> {
  const text = await (await fetch(`${base}metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    const m = /^skydeck_upstream_requests_total\{([^}]*)\} (\d+(?:\.\d+)?)/.exec(line);
    if (m && /service="compute"/.test(m[1] ?? '')) total += Number(m[2]);
  }
  return total;
}

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const now = Date.now();
const period = `start=${day(now - 29 * 86_400_000)}&end=${day(now)}`;

interface Row {
  page: string;
  who: string;
  p50: number;
  p99: number;
  calls: number;
  size: string;
}

process.env['DEMO_CLOUD_SCALE'] = `usage_servers=${SERVERS}`;
process.env['DEMO_CLOUD_LIFECYCLE_SCALE'] = '0';
const product = startProduct({
  port: 9373,
  name: 'bench-usage',
  stubWeb: true,
  env: { SKYDECK_METRICS: 'true' },
});
const rows: Row[] = [];
try {
  await product.ready();
  for (const [page, who, path] of [
    ['project overview (page of 20 + totals)', 'demo', `api/nova/usage/?${period}&limit=20`],
    ['project CSV (every instance)', 'demo', `api/nova/usage/csv/?${period}`],
    ['admin overview (every project)', 'admin', `api/nova/usage/all/?${period}`],
    ['admin stats (vCPUs per day, every project)', 'admin', `api/nova/usage/series/?${period}`],
  ] as const) {
    const session = await login(product.base, who);
    let body = '';
    for (let i = 0; i < 2; i += 1) body = await get(product.base, session, path);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t0 = performance.now();
      await get(product.base, session, path);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const before = await computeCalls(product.base);
    await get(product.base, session, path);
    const calls = (await computeCalls(product.base)) - before;
    const size = path.includes('/csv/')
      ? `${body.trim().split('\r\n').length - 1} rows`
      : path.includes('/series/')
        ? seriesSize(body)
        : `${(JSON.parse(body) as { totals: { instances: number } }).totals.instances} instances`;
    rows.push({ page, who, p50: quantile(times, 0.5), p99: quantile(times, 0.99), calls, size });
    console.log(
      `${page} as ${who}: p50 ${quantile(times, 0.5).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms, Nova calls ${calls}, ${size}`,
    );
  }
} finally {
  product.stop();
}

const table = [
  '| page | user | p50 ms | p99 ms | Nova calls | answer |',
  '| --- | --- | ---: | ---: | ---: | --- |',
  ...rows.map(
    (r) =>
      `| ${r.page} | ${r.who} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.calls} | ${r.size} |`,
  ),
].join('\n');
const pages = rows.filter((r) => !r.page.includes('CSV'));
const worst = Math.max(...pages.map((r) => r.p50));
const mostCalls = Math.max(...pages.map((r) => r.calls));
const verdict = [
  `- p50 (worst of the pages, the CSV aside): ${worst.toFixed(1)} ms (target ≤ ${P50_TARGET}) ${worst <= P50_TARGET ? '✓' : '✗'}`,
  `- Nova calls per page: at most ${mostCalls} (target ≤ 2) ${mostCalls <= 2 ? '✓' : '✗'}`,
].join('\n');
console.log(`\n${table}\n\n${verdict}`);
if (append) {
  appendResults(
    [
      `## bench:usage — ${new Date().toISOString().slice(0, 10)}`,
      '',
      `${machine()}; machine loaded by other work. ${SERVERS.toLocaleString('en')} servers over 90 days (usage_servers seed), a 30-day period; ${RUNS} sequential GETs per row after 2 warm-up ones; demo cloud in its own process.`,
      '',
      table,
      '',
      verdict,
      '',
    ].join('\n'),
  );
}
