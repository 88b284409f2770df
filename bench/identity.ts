/**
 * `npm run bench:identity` (issue 12): the identity tables at scale. A demo cloud seeded with
 * 10,000 users and 2,000 projects (DEMO_CLOUD_SCALE=users=10000,projects=2000) and, for
 * comparison, one with the seed's handful: the first page of the Users and Projects tables and a
 * name filter on each, through the server as the web app asks for them (signed-in admin,
 * `limit=20`, sorted by name). p50 and p90 of `--requests` calls each (default 30) after a warm-up.
 * Target: p50 ≤ 150 ms each, independent of the total. `--no-append` leaves RESULTS.md alone.
 */
import { appendResults, login, machine, startProduct, type Cookies } from './common';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const REQUESTS = Number(option('--requests') ?? 30);
const USERS = Number(option('--users') ?? 10_000);
const PROJECTS = Number(option('--projects') ?? 2_000);
const append = !process.argv.includes('--no-append');
const TARGET_MS = 150;

const CASES = [
  ['users, first page', 'api/keystone/users/?limit=20&sort_key=name&sort_dir=asc'],
  [
    'users, name filter',
    'api/keystone/users/?limit=20&sort_key=name&sort_dir=asc&name__icontains=user-0999',
  ],
  ['projects, first page', 'api/keystone/projects/?limit=20&sort_key=name&sort_dir=asc'],
  [
    'projects, name filter',
    'api/keystone/projects/?limit=20&sort_key=name&sort_dir=asc&name__icontains=project-0199',
  ],
] as const;

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;

async function time(
  base: string,
  cookies: Cookies,
  path: string,
): Promise<{ cold: number; times: number[] }> {
  const headers = { Cookie: cookies.cookie, 'X-Requested-With': 'XMLHttpRequest' };
  const coldStart = performance.now();
  await (await fetch(base + path, { headers })).arrayBuffer();
  const cold = performance.now() - coldStart;
  for (let i = 0; i < 2; i++) await (await fetch(base + path, { headers })).arrayBuffer();
  const out: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const r = await fetch(base + path, { headers });
    const body = (await r.json()) as { items?: unknown[] };
    out.push(performance.now() - start);
    if (!r.ok || !Array.isArray(body.items)) throw new Error(`${path}: ${r.status}`);
  }
  return { cold, times: out.sort((a, b) => a - b) };
}

async function run(
  port: number,
  scale: string | undefined,
): Promise<{ name: string; cold: number; p50: number; p90: number }[]> {
  if (scale) process.env.DEMO_CLOUD_SCALE = scale;
  else delete process.env.DEMO_CLOUD_SCALE;
  const product = startProduct({ port, name: 'bench-identity', stubWeb: true });
  try {
    await product.ready();
    const cookies = await login(product.base, 'admin');
    const rows = [];
    for (const [name, path] of CASES) {
      const { cold, times } = await time(product.base, cookies, path);
      rows.push({ name, cold, p50: pct(times, 0.5), p90: pct(times, 0.9) });
    }
    return rows;
  } finally {
    product.stop();
  }
}

const big = await run(9741, `users=${USERS},projects=${PROJECTS}`);
const small = await run(9742, undefined);
const ms = (n: number): string => `${n.toFixed(1)} ms`;
const lines = [
  `## bench:identity — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `${machine()}. Through the server, signed in as admin, ${REQUESTS} sequential requests per row ` +
    `after 3 warm-up ones; page size 20, sorted by name. Target: p50 ≤ ${TARGET_MS} ms. ` +
    'Keystone has no paging: the server reads a collection whole and reuses that read for 15 s ' +
    'per session (pages, sorts and filters of one table); "first" is the first request of a ' +
    'row, which reads it.',
  '',
  `| request | first | p50 (${USERS} users, ${PROJECTS} projects) | p90 | p50 (seed only) | p90 | target |`,
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...big.map((row, i) => {
    const base = small[i];
    const ok = row.p50 <= TARGET_MS ? '✓' : '✗';
    return `| ${row.name} | ${ms(row.cold)} | ${ms(row.p50)} | ${ms(row.p90)} | ${ms(base?.p50 ?? NaN)} | ${ms(base?.p90 ?? NaN)} | ${ok} |`;
  }),
  '',
];
const section = lines.join('\n');
console.log(section);
if (append) appendResults(section);
