/**
 * `npm run bench:load` (issue 8, Done means): 200 signed-in sessions of 200 distinct users for
 * 60 s, mixing the list routes, two details pages and the policy batch every panel sends,
 * against the product started as a user starts it, the demo cloud in its own process.
 *
 * Two runs, one after the other:
 *  1. paced (bench/paced.ts): every session sends BENCH_RATE requests per second, evenly, the
 *     sessions' phases spread over the interval (default 2, one every 500 ms:
 *     several times what a person clicking and a panel polling every 2.5 s send). The targets
 *     apply here: 0 errors, p99 ≤ 250 ms.
 *  2. saturation (BENCH_SATURATION seconds, default 30; 0 skips it): every session sends its
 *     next request as soon as the last is answered, so 200 are always in flight; this is the
 *     most the machine serves, and latency is then 200 ÷ throughput by construction.
 * The server's RSS before, at peak (both runs) and 60 s after; the target is RSS after within
 * 20 % above before. Then (BENCH_REPEAT=1, the default; 0 skips it) the paced run once more and
 * RSS 60 s after it: memory that a repeat does not grow again is a plateau, not a leak.
 * Appends a section to bench/RESULTS.md. BENCH_SESSIONS (200) and BENCH_DURATION (60 s) change
 * the shape.
 */
import autocannon from 'autocannon';
import {
  appendResults,
  cpuSecondsOf,
  createUsers,
  findProcess,
  login,
  machine,
  mib,
  rssOf,
  startProduct,
  type Cookies,
} from './common';
import { pacedRun, type LoadResult } from './paced';
import { mixedRequests, mixedSteps, pickIds } from './traffic';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 2);
const SATURATION = Number(process.env.BENCH_SATURATION ?? 30);
const REPEAT = process.env.BENCH_REPEAT !== '0';
const P99_TARGET = 250;

const port = 9600 + Math.floor(Math.random() * 100);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs every user in, a few at a time (as many people arriving at once would). */
async function signInAll(base: string, users: string[]): Promise<Cookies[]> {
  const sessions: Cookies[] = [];
  for (let i = 0; i < users.length; i += 10) {
    sessions.push(...(await Promise.all(users.slice(i, i + 10).map((u) => login(base, u)))));
  }
  return sessions;
}

async function main(): Promise<void> {
  const product = startProduct({ port, name: 'skydeck-bench-load', stubWeb: true });
  try {
    await product.ready();
    const pid = findProcess(product.server.pid ?? 0, 'server.mjs');
    const cloudPid = findProcess(product.cloud.pid ?? 0, 'main.ts');
    /** CPU ms per request of the server and of the demo cloud over one run: what the load costs
     * each, whatever else the machine is doing (wall-clock latency on a shared machine is not). */
    const cpu = (): [number, number] => [cpuSecondsOf(pid), cpuSecondsOf(cloudPid)];
    const perRequest = (from: [number, number], to: [number, number], r: LoadResult): string =>
      `${(((to[0] - from[0]) * 1000) / r.requests.total).toFixed(2)} / ${(((to[1] - from[1]) * 1000) / r.requests.total).toFixed(2)}`;
    console.log(`creating ${SESSIONS} users and signing them in…`);
    const users = await createUsers(product.authUrl, SESSIONS);
    const sessions = await signInAll(product.base, users);
    const ids = await pickIds(product.base, sessions[0] as Cookies);
    // Warm-up with a few sessions: JIT, keep-alive pools, the token and policy caches.
    await autocannon({
      url: product.base,
      connections: 10,
      duration: 5,
      requests: mixedRequests(sessions.slice(0, 10), ids),
    });
    await sleep(2000);
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 500);
    const loadBefore = machine();
    const cpu0 = cpu();
    console.log(`${SESSIONS} sessions at ${RATE} req/s each for ${DURATION} s…`);
    const paced = await pacedRun(product.base, sessions, mixedSteps(ids), RATE, DURATION);
    const loadPaced = machine();
    const cpu1 = cpu();
    let saturated: LoadResult | undefined;
    if (SATURATION > 0) {
      console.log(`${SESSIONS} sessions as fast as answers come, ${SATURATION} s…`);
      saturated = await autocannon({
        url: product.base,
        connections: SESSIONS,
        duration: SATURATION,
        requests: mixedRequests(sessions, ids),
      });
    }
    const cpu2 = cpu();
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    const atEnd = rssOf(pid);
    console.log('waiting 60 s after the load…');
    await sleep(60_000);
    const after = rssOf(pid);
    let repeat: { result: LoadResult; peak: number; after: number } | undefined;
    if (REPEAT) {
      console.log('the paced run again…');
      let again = after;
      const sampleAgain = setInterval(() => (again = Math.max(again, rssOf(pid))), 500);
      const result = await pacedRun(product.base, sessions, mixedSteps(ids), RATE, DURATION);
      clearInterval(sampleAgain);
      console.log('waiting 60 s after it…');
      await sleep(60_000);
      repeat = { result, peak: Math.max(again, rssOf(pid)), after: rssOf(pid) };
    }

    const errorsOf = (r: LoadResult): number => r.errors + r.timeouts + r.non2xx;
    const statusesOf = (r: LoadResult): string =>
      Object.entries(r.statusCodeStats ?? {})
        .map(([code, st]) => `${code}: ${st.count}`)
        .join(', ');
    const growth = (after - before) / before;
    const ok = (pass: boolean): string => (pass ? '✓' : '✗');
    const row = (name: string, r: LoadResult, target: boolean, cpuMs: string): string =>
      `| ${name} | ${r.requests.total} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p97_5} | ${r.latency.p99}${target ? ` ${ok(r.latency.p99 <= P99_TARGET)}` : ''} | ${r.latency.max} | ${errorsOf(r)}${target ? ` ${ok(errorsOf(r) === 0)}` : ''} | ${cpuMs} |`;
    const out = [
      `## ${new Date().toISOString()} — bench:load (issue 8 §5)`,
      '',
      `Machine: ${loadBefore} before; ${loadPaced} after the paced run; ${machine()} at the end.`,
      '',
      `${SESSIONS} sessions of ${SESSIONS} distinct users (member on \`demo\`), one keep-alive ` +
        'connection each, after a 5 s warm-up. Each session cycles through key pairs, flavors, a ' +
        'flavor, images, an image, server groups, volumes, the bootstrap and a policy batch. Demo ' +
        'cloud in its own process; the server bundle via `tools/start.mjs`, memory session store. ' +
        `Paced: ${RATE} req/s per session for ${DURATION} s, one every ${(1000 / RATE).toFixed(0)} ms, the sessions' phases spread over that interval, each request timed from when it was due (targets: p99 ≤ ${P99_TARGET} ms, 0 errors). ` +
        (SATURATION > 0
          ? `Saturation: no pause between a session's requests, ${SATURATION} s (the machine's ceiling).`
          : ''),
      '',
      '| run | requests | req/s | p50 ms | p97.5 ms | p99 ms | max ms | errors | CPU ms per request: server / demo cloud |',
      '|---|---|---|---|---|---|---|---|---|',
      row('paced', paced, true, perRequest(cpu0, cpu1, paced)),
      ...(saturated
        ? [row('saturation', saturated, false, perRequest(cpu1, cpu2, saturated))]
        : []),
      '',
      `Server RSS: ${mib(before)} before, ${mib(peak)} at peak, ${mib(atEnd)} when the load stopped, ` +
        `${mib(after)} 60 s after (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(0)} % of before ${ok(growth <= 0.2)}).` +
        (repeat
          ? ` The paced run repeated (${repeat.result.requests.total} requests, p99 ${repeat.result.latency.p99} ms, ${errorsOf(repeat.result)} errors): ` +
            `${mib(repeat.peak)} at peak, ${mib(repeat.after)} 60 s after (${(((repeat.after - after) / after) * 100).toFixed(0)} % of after the first).`
          : ''),
      '',
      `Statuses, paced: ${statusesOf(paced)}${saturated ? `; saturation: ${statusesOf(saturated)}` : ''}.`,
      '',
    ].join('\n');
    console.log(out);
    appendResults(out);
  } finally {
    product.stop();
  }
}

await main();
