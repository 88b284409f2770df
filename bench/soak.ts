/**
 * `npm run bench:soak` (issue 8 §5): 10 minutes of mixed traffic (the reads of bench:load plus
 * key pairs created, read and deleted) from 50 signed-in users, the server's RSS sampled every
 * 5 s. Target: RSS at the end within 20 % of RSS after the warm-up (the first minute), i.e. no
 * growth that keeps going. Appends a section with the RSS curve to bench/RESULTS.md.
 *
 * BENCH_SOAK_MINUTES (10), BENCH_SOAK_WARMUP (60 s), BENCH_SESSIONS (50) and BENCH_RATE
 * (requests per second per session, default 10: ~500 req/s, a busy site rather than the
 * saturation bench:load measures) change the shape.
 */
import autocannon from 'autocannon';
import {
  appendResults,
  createUsers,
  findProcess,
  login,
  machine,
  mib,
  rssOf,
  startProduct,
  type Cookies,
} from './common';
import { pickIds, soakRequests } from './traffic';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const WARMUP = Number(process.env.BENCH_SOAK_WARMUP ?? 60);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const SAMPLE_MS = 5000;

const port = 9700 + Math.floor(Math.random() * 100);

async function main(): Promise<void> {
  const product = startProduct({ port, name: 'skydeck-bench-soak', stubWeb: true });
  try {
    await product.ready();
    const pid = findProcess(product.server.pid ?? 0, 'server.mjs');
    const users = await createUsers(product.authUrl, SESSIONS);
    const sessions: Cookies[] = [];
    for (const user of users) sessions.push(await login(product.base, user));
    const ids = await pickIds(product.base, sessions[0] as Cookies);
    const start = rssOf(pid);
    const loadAtStart = machine();
    const samples: { t: number; rss: number }[] = [];
    const began = Date.now();
    const sampler = setInterval(
      () => samples.push({ t: (Date.now() - began) / 1000, rss: rssOf(pid) }),
      SAMPLE_MS,
    );
    console.log(`${MINUTES} min of mixed traffic from ${SESSIONS} sessions at ${RATE} req/s each…`);
    const result = await autocannon({
      url: product.base,
      connections: SESSIONS,
      connectionRate: RATE,
      duration: MINUTES * 60,
      requests: soakRequests(sessions, ids),
    });
    clearInterval(sampler);
    const end = rssOf(pid);
    const warm = samples.find((s) => s.t >= WARMUP)?.rss ?? start;
    const peak = Math.max(...samples.map((s) => s.rss), end);
    const growth = (end - warm) / warm;
    const errors = result.errors + result.timeouts + result.non2xx;
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([code, s]) => `${code}: ${s.count}`)
      .join(', ');
    // One sample a minute keeps the section short and still shows the curve's shape.
    const curve = samples
      .filter((s, i) => i % Math.round(60_000 / SAMPLE_MS) === Math.round(60_000 / SAMPLE_MS) - 1)
      .map((s) => `${(s.t / 60).toFixed(0)} min ${mib(s.rss)}`)
      .join(' · ');
    const ok = (pass: boolean): string => (pass ? '✓' : '✗');
    const out = [
      `## ${new Date().toISOString()} — bench:soak (issue 8 §5)`,
      '',
      `Machine: ${loadAtStart} at the start; ${machine()} at the end.`,
      '',
      `${MINUTES} min, ${SESSIONS} sessions of distinct users at ${RATE} req/s each: the reads of ` +
        'bench:load plus a key pair created, read and deleted per pass. Server RSS (VmRSS of ' +
        `the server's node process) every ${SAMPLE_MS / 1000} s; "warm" is the sample at ${WARMUP} s.`,
      '',
      '| requests | req/s | p50 ms | p99 ms | errors | RSS at start | warm | peak | end | end vs warm |',
      '|---|---|---|---|---|---|---|---|---|---|',
      `| ${result.requests.total} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${errors} ${ok(errors === 0)} | ${mib(start)} | ${mib(warm)} | ${mib(peak)} | ${mib(end)} | ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(0)} % ${ok(Math.abs(growth) <= 0.2)} |`,
      '',
      `Statuses: ${statuses}. RSS by minute: ${curve}.`,
      '',
    ].join('\n');
    console.log(out);
    appendResults(out);
  } finally {
    product.stop();
  }
}

await main();
