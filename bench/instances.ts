/**
 * `npm run bench:instances` (issue 9): the instances page's list call on a demo cloud (its own
 * process) seeded with 1,000, 5,000 and 20,000 servers (DEMO_CLOUD_SCALE=servers=N: flavors,
 * images, networks, ports and floating IPs come from the seed), through the server:
 *  - GET /api/nova/servers/?limit=20 (the first page) and the page in the middle (by marker),
 *    as admin over every project (all_projects) and as demo over its project: p50 and p99 of
 *    RUNS sequential requests each;
 *  - upstream calls per page: the server's skydeck_upstream_requests_total (SKYDECK_METRICS)
 *    before and after one request, by service.
 * Targets: p50 ≤ 100 ms at 5,000; the 20,000 p50 within 1.5× of the 1,000 one; the same number
 * of upstream calls per page at every size.
 *
 * `--sizes 1000,5000` picks the sizes; `--no-append` leaves bench/RESULTS.md alone.
 * Not measured yet: Chromium's navigation → painted first page of /project/instances.
 */
import { appendResults, login, machine, startProduct, type Cookies } from './common';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const SIZES = (option('--sizes') ?? '1000,5000,20000').split(',').map(Number);
const append = !process.argv.includes('--no-append');
const RUNS = 40;
const PAGE = 20;
const P50_TARGET = 100;

interface ListAnswer {
  items: { id: string }[];
  has_more_data?: boolean;
  next_marker?: string;
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function get(base: string, who: Cookies, path: string): Promise<ListAnswer> {
  const r = await fetch(`${base}${path}`, {
    headers: { Cookie: who.cookie, 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as ListAnswer;
}

/** Sum of skydeck_upstream_requests_total by service. */
async function upstreamCalls(base: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}metrics`)).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^skydeck_upstream_requests_total\{([^}]*)\} (\d+(?:\.\d+)?)/.exec(line);
    if (!m) continue;
    const service = /service="([^"]+)"/.exec(m[1] ?? '')?.[1] ?? '?';
    out.set(service, (out.get(service) ?? 0) + Number(m[2]));
  }
  return out;
}

async function callsOf(base: string, run: () => Promise<unknown>): Promise<string> {
  const before = await upstreamCalls(base);
  await run();
  const after = await upstreamCalls(base);
  const parts: string[] = [];
  let total = 0;
  for (const [service, n] of after) {
    const d = n - (before.get(service) ?? 0);
    if (d > 0) parts.push(`${service} ${d}`);
    total += d;
  }
  return `${total} (${parts.sort().join(', ')})`;
}

/** The marker of the page in the middle: paged through with Nova's largest pages, untimed. */
async function middleMarker(base: string, who: Cookies, query: string): Promise<string> {
  const ids: string[] = [];
  let marker: string | undefined;
  for (;;) {
    const page = await get(
      base,
      who,
      `api/nova/servers/?${query}&limit=1000${marker ? `&marker=${marker}` : ''}`,
    );
    ids.push(...page.items.map((i) => i.id));
    if (!page.has_more_data || !page.next_marker) break;
    marker = page.next_marker;
  }
  return ids[Math.floor(ids.length / 2)] ?? '';
}

interface Row {
  size: number;
  who: string;
  page: string;
  p50: number;
  p99: number;
  calls: string;
}

async function measure(size: number): Promise<Row[]> {
  process.env['DEMO_CLOUD_SCALE'] = `servers=${size}`;
  process.env['DEMO_CLOUD_LIFECYCLE_SCALE'] = '0';
  const product = startProduct({
    port: 9760,
    name: `bench-instances-${size}`,
    stubWeb: true,
    env: { SKYDECK_METRICS: 'true' },
  });
  try {
    await product.ready();
    const rows: Row[] = [];
    for (const [who, query] of [
      ['admin', 'all_projects=true'],
      ['demo', ''],
    ] as const) {
      const session = await login(product.base, who);
      const query0 = query;
      const marker = await middleMarker(product.base, session, query0);
      for (const [page, path] of [
        ['first', `api/nova/servers/?${query0}&limit=${PAGE}`],
        ['middle', `api/nova/servers/?${query0}&limit=${PAGE}&marker=${marker}`],
      ] as const) {
        // Warm: caches of flavors, images and project names are the server's steady state.
        for (let i = 0; i < 3; i += 1) await get(product.base, session, path);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const t0 = performance.now();
          const answer = await get(product.base, session, path);
          times.push(performance.now() - t0);
          if (answer.items.length !== PAGE) throw new Error(`${path}: ${answer.items.length} rows`);
        }
        times.sort((a, b) => a - b);
        const calls = await callsOf(product.base, () => get(product.base, session, path));
        rows.push({
          size,
          who,
          page,
          p50: quantile(times, 0.5),
          p99: quantile(times, 0.99),
          calls,
        });
        console.log(
          `${size} ${who} ${page}: p50 ${quantile(times, 0.5).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms, upstream ${calls}`,
        );
      }
    }
    return rows;
  } finally {
    product.stop();
  }
}

const rows: Row[] = [];
for (const size of SIZES) rows.push(...(await measure(size)));

const p50Of = (size: number): number =>
  rows.find((r) => r.size === size && r.who === 'admin' && r.page === 'first')?.p50 ?? NaN;
const at5k = rows.filter((r) => r.size === 5000);
const worst5k = Math.max(...at5k.map((r) => r.p50));
const ratio = p50Of(20000) / p50Of(1000);
const constant = new Set(rows.map((r) => `${r.who}:${r.calls.split(' ')[0]}`)).size <= 2;

const table = [
  '| servers | user | page | p50 ms | p99 ms | upstream calls per page |',
  '| ---: | --- | --- | ---: | ---: | --- |',
  ...rows.map(
    (r) =>
      `| ${r.size.toLocaleString('en')} | ${r.who} | ${r.page} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.calls} |`,
  ),
].join('\n');
const verdict = [
  at5k.length === 0
    ? '- p50 at 5,000: (not run)'
    : `- p50 at 5,000 (worst of the pages): ${worst5k.toFixed(1)} ms (target ≤ ${P50_TARGET}) ${worst5k <= P50_TARGET ? '✓' : '✗'}`,
  `- 20,000 vs 1,000 (admin, first page p50): ${ratio.toFixed(2)}× (target ≤ 1.5×) ${ratio <= 1.5 ? '✓' : Number.isNaN(ratio) ? '(not run)' : '✗'}`,
  `- upstream calls per page the same at every size: ${constant ? '✓' : '✗'}`,
].join('\n');
console.log(`\n${table}\n\n${verdict}`);
if (append) {
  appendResults(
    [
      `## bench:instances — ${new Date().toISOString().slice(0, 10)}`,
      '',
      `${machine()}; machine loaded by other work. ${RUNS} sequential GETs per row after 3 warm-up ones; demo cloud in its own process.`,
      '',
      table,
      '',
      verdict,
      '',
    ].join('\n'),
  );
}
