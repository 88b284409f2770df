/**
 * `npx tsx bench/downloadProbe.ts` (issue 11): the download half of bench:objects, measured by
 * CPU rather than by throughput alone. On a shared two-core machine the through-server /
 * direct ratio swings with the neighbours' load; the CPU seconds each process spends per GiB
 * (server, demo cloud, this client) are steadier, and what the server spends is what a
 * download through it costs.
 *
 * The product starts as bench:objects starts it (tools/start.mjs, demo cloud in its own
 * process); one object of BENCH_PROBE_BYTES (1 GiB) is put straight into Swift, then read
 * BENCH_PROBE_ROUNDS times (3) through the server and straight from Swift, alternating, both
 * read the same way (counting the bytes of every 'data' event). Minor page faults are counted
 * too (a streamed piece that lands on fresh pages costs the kernel's zeroing). With
 * BENCH_PROBE_UPLOAD_BYTES, an upload of that size through the server first (CPU, faults, RSS
 * growth). BENCH_PROBE_SERVER_OPTIONS is the server's NODE_OPTIONS (e.g. `--max-semi-space-size=64`)
 * and BENCH_PROBE_SERVER_ENV more variables for it (`NAME=value NAME2=value`), e.g. another
 * GLIBC_TUNABLES (see tools/malloc-tunables.mjs).
 */
import { loadavg } from 'node:os';
import { readFileSync, rmSync } from 'node:fs';
import {
  cpuSecondsOf,
  directToken,
  exchange,
  findProcess,
  login,
  rssOf,
  startProduct,
  curlGet,
} from './common';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const BYTES = Number(process.env.BENCH_PROBE_BYTES ?? GiB);
const ROUNDS = Number(process.env.BENCH_PROBE_ROUNDS ?? 3);
const UPLOAD_BYTES = Number(process.env.BENCH_PROBE_UPLOAD_BYTES ?? 0);
const port = 9800 + Math.floor(Math.random() * 100);
/** Who reads the downloads: this process over node:http (as bench:objects), or curl. */
const CLIENT = process.env.BENCH_PROBE_CLIENT ?? 'node';

/** CPU seconds of this process's children that have ended (cutime + cstime of /proc/self/stat). */
const childCpuSeconds = (): number => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
};

/** Minor page faults of a process (field 10 of /proc/<pid>/stat). */
const faultsOf = (pid: number): number =>
  Number(
    readFileSync(`/proc/${pid}/stat`, 'utf8')
      .slice(readFileSync(`/proc/${pid}/stat`, 'utf8').lastIndexOf(')') + 2)
      .split(' ')[7],
  );

const serverScripts = [['server', 'dist', 'server.mjs'].join('/'), 'server/src/server.ts'];

async function main(): Promise<void> {
  const serverOptions = process.env.BENCH_PROBE_SERVER_OPTIONS;
  const product = startProduct({
    port,
    name: 'skydeck-download-probe',
    stubWeb: true,
    env: {
      ...(serverOptions ? { NODE_OPTIONS: serverOptions } : {}),
      ...Object.fromEntries(
        (process.env.BENCH_PROBE_SERVER_ENV ?? '')
          .split(' ')
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      ),
    },
  });
  try {
    await product.ready();
    const find = (ancestor: number, scripts: string[]): number => {
      for (const script of scripts) {
        try {
          return findProcess(ancestor, script);
        } catch {
          // the other way of running it
        }
      }
      throw new Error(`process of ${scripts.join(' or ')} not found`);
    };
    const serverPid = find(product.server.pid ?? -1, serverScripts);
    const cloudPid = find(product.cloud.pid ?? -1, ['packages/demo-cloud/src/main.ts']);
    const session = await login(product.base, 'demo');
    const { token, endpoint } = await directToken(product.authUrl, 'object-store');
    const swift = { 'X-Auth-Token': token };
    const container = 'probe';
    await exchange(`${endpoint}/${container}`, 'PUT', swift, 0);
    const put = await exchange(
      `${endpoint}/${container}/down`,
      'PUT',
      { ...swift, 'Content-Length': String(BYTES) },
      BYTES,
    );
    if (put.status !== 201) throw new Error(`PUT: ${put.status}`);
    const ours = `${product.base}api/swift/containers/${container}/object/down`;
    const theirs = `${endpoint}/${container}/down`;
    const api = {
      Cookie: session.cookie,
      'X-CSRFToken': session.csrf,
      'X-Requested-With': 'XMLHttpRequest',
    };
    // Warm-up of both paths: JIT, keep-alive pools.
    await exchange(ours, 'GET', api, 0, false);
    await exchange(theirs, 'GET', swift, 0, false);

    const gib = BYTES / GiB;
    const measure = async (
      label: string,
      url: string,
      headers: Record<string, string>,
    ): Promise<number> => {
      const load = loadavg()[0] ?? 0;
      const server0 = cpuSecondsOf(serverPid);
      const faults0 = faultsOf(serverPid);
      const cloudFaults0 = faultsOf(cloudPid);
      const cloud0 = cpuSecondsOf(cloudPid);
      const client0 = process.cpuUsage();
      const children0 = childCpuSeconds();
      // Read as bench:objects reads (c) and (d), or by curl (BENCH_PROBE_CLIENT=curl).
      const read =
        CLIENT === 'curl'
          ? await curlGet(url, headers)
          : await exchange(url, 'GET', headers, 0, false);
      const own = process.cpuUsage(client0);
      const client = {
        user: own.user + (childCpuSeconds() - children0) * 1e6,
        system: own.system,
      };
      if (read.status !== 200 || read.bytes !== BYTES) {
        throw new Error(`${label}: ${read.status}, ${read.bytes} bytes`);
      }
      const perGib = (s: number): string => (s / gib).toFixed(2);
      const mbps = BYTES / 1e6 / read.seconds;
      console.log(
        `${label.padEnd(7)} ${mbps.toFixed(0).padStart(5)} MB/s  CPU s/GiB: server ${perGib(cpuSecondsOf(serverPid) - server0)}, cloud ${perGib(cpuSecondsOf(cloudPid) - cloud0)}, client ${perGib((client.user + client.system) / 1e6)}, page faults/GiB: server ${((faultsOf(serverPid) - faults0) / gib).toFixed(0)}, cloud ${((faultsOf(cloudPid) - cloudFaults0) / gib).toFixed(0)}  (load ${load.toFixed(1)})`,
      );
      return mbps;
    };
    if (UPLOAD_BYTES > 0) {
      // Through the server as the browser sends it; RSS sampled every 100 ms, as bench:objects.
      const rss0 = rssOf(serverPid);
      let peak = rss0;
      const timer = setInterval(() => (peak = Math.max(peak, rssOf(serverPid))), 100);
      const cpu0 = cpuSecondsOf(serverPid);
      const faults0 = faultsOf(serverPid);
      const sent = await exchange(
        `${product.base}api/swift/containers/${container}/object/up`,
        'POST',
        {
          ...api,
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(UPLOAD_BYTES),
        },
        UPLOAD_BYTES,
      );
      clearInterval(timer);
      if (sent.status !== 201) throw new Error(`upload: ${sent.status}`);
      const up = UPLOAD_BYTES / GiB;
      console.log(
        `upload  ${(UPLOAD_BYTES / 1e6 / sent.seconds).toFixed(0).padStart(5)} MB/s  server CPU ${((cpuSecondsOf(serverPid) - cpu0) / up).toFixed(2)} s/GiB, page faults/GiB ${((faultsOf(serverPid) - faults0) / up).toFixed(0)}, RSS growth ${((Math.max(peak, rssOf(serverPid)) - rss0) / MiB).toFixed(1)} MiB (from ${(rss0 / MiB).toFixed(0)} MiB)  (load ${(loadavg()[0] ?? 0).toFixed(1)})`,
      );
    }
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const through = await measure('server', ours, api);
      const direct = await measure('direct', theirs, swift);
      ratios.push(through / direct);
    }
    console.log(`ratio per round: ${ratios.map((r) => `${(r * 100).toFixed(0)} %`).join(', ')}`);
  } finally {
    product.stop();
    setTimeout(() => rmSync(product.dataDir, { recursive: true, force: true }), 2000);
  }
}

await main();
