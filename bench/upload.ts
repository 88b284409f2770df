/**
 * `npm run bench:upload`: prints and appends to bench/RESULTS.md the throughput of a 1 GiB image
 * upload
 *  (a) through the server's legacy path (multipart POST /api/glance/images/, streamed to Glance),
 *  (b) straight to the demo cloud's Glance (PUT /v2/images/{id}/file with a token),
 *  (c) through the server in direct mode (PUT of the raw file), and
 *  (d) the legacy path without the form's data_size (the server then sends on chunked),
 * and the server process's peak RSS growth during each (VmRSS sampled every 100 ms).
 * Targets: (a) ≥ 80 % of (b), RSS growth during (a) < 64 MB.
 *
 * The product starts as a user starts it (tools/start.mjs) on throwaway ports and data. By default
 * the demo cloud runs in its own process (tools/demo-cloud.mjs) and the server is pointed at it
 * with OS_AUTH_URL, as a real Glance lives elsewhere: the server's RSS is then the server's alone.
 * BENCH_EMBEDDED_CLOUD=1 keeps the demo cloud inside the server process (the no-cloud default).
 * The data is generated while it is sent; neither this script nor the server holds the file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { directToken, login, waitFor, type Cookies } from './common';

const root = join(import.meta.dirname, '..');
const port = 9500 + Math.floor(Math.random() * 100);
const cloudPort = port + 200;
const base = `http://127.0.0.1:${port}/`;
const authUrl = `http://127.0.0.1:${cloudPort}/identity/v3`;
const embedded = process.env.BENCH_EMBEDDED_CLOUD === '1';

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 * MiB);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHUNK = MiB;
/** Distinct chunks cycled through, so the checksum proves order without one buffer per MiB. */
const POOL = Array.from({ length: 16 }, (_, i) => Buffer.alloc(CHUNK, i * 13 + 1));
const BOUNDARY = '----skydeck-bench-upload';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Product {
  server: ChildProcess;
  cloud?: ChildProcess;
  dataDir: string;
}

function startProduct(): Product {
  const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-bench-upload-'));
  // The upload path needs no web app; a stub keeps start.mjs from (re)building it.
  const webDist = join(dataDir, 'web');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>bench</title>');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SKYDECK_WEB_DIST: webDist,
    SKYDECK_LOG_LEVEL: 'warn',
    DEMO_CLOUD_PORT: String(cloudPort),
    DEMO_CLOUD_DATA_DIR: join(dataDir, 'cloud'),
  };
  let cloud: ChildProcess | undefined;
  if (!embedded) {
    cloud = spawn(process.execPath, [join(root, 'tools', 'demo-cloud.mjs')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
    env.OS_AUTH_URL = authUrl;
    env.SKYDECK_REGIONS = 'RegionOne';
  }
  const server = spawn(process.execPath, [join(root, 'tools', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  return { server, cloud, dataDir };
}

/** The server's node process: a descendant of `ancestor` whose command line runs `script`. */
function findProcess(ancestor: number, script: string): number {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command name: state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parentOf.get(pid); p !== undefined && p > 1; p = parentOf.get(p)) {
      if (p === ancestor) return true;
    }
    return false;
  };
  for (const pid of parentOf.keys()) {
    if (!descends(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(script)) return pid;
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no process running ${script} under ${ancestor}`);
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** CPU seconds (user + system) a process has used; /proc counts in clock ticks of 1/100 s. */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Samples a process's RSS every 100 ms until stopped; reports the peak over the baseline. */
function sampleRss(pid: number): { stop(): { baseline: number; peak: number } } {
  const baseline = rssOf(pid);
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, rssOf(pid));
      return { baseline, peak };
    },
  };
}

/** The md5 of the generated data, computed once before anything is timed. */
function expectedMd5(size: number): string {
  const md5 = createHash('md5');
  for (let sent = 0, i = 0; sent < size; sent += CHUNK, i++) {
    const chunk = POOL[i % POOL.length] as Buffer;
    md5.update(size - sent >= CHUNK ? chunk : chunk.subarray(0, size - sent));
  }
  return md5.digest('hex');
}

interface Sent {
  status: number;
  body: string;
  seconds: number;
}

/** Sends `head`, then `size` generated bytes as the socket drains, then `tail`. */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  size: number,
  head = '',
  tail = '',
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = httpRequest(url, { method, headers });
    req.on('response', (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          seconds: Number(process.hrtime.bigint() - started) / 1e9,
        }),
      );
    });
    req.on('error', reject);
    if (head) req.write(head);
    let sent = 0;
    let i = 0;
    const pump = (): void => {
      while (sent < size) {
        const chunk = POOL[i++ % POOL.length] as Buffer;
        const part = size - sent >= CHUNK ? chunk : chunk.subarray(0, size - sent);
        sent += part.length;
        if (!req.write(part)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    pump();
  });
}

const field = (name: string, value: string): string =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** The legacy form as the web app sends it: fields, the file's length (unless `undeclared`), the file. */
async function viaServer(
  session: Cookies,
  name: string,
  size: number,
  undeclared = false,
): Promise<Sent> {
  const head =
    [
      field('name', name),
      field('disk_format', 'raw'),
      field('container_format', 'bare'),
      field('visibility', 'private'),
      undeclared ? '' : field('data_size', String(size)),
    ].join('') +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"; filename="${name}.raw"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  return send(
    `${base}api/glance/images/`,
    'POST',
    {
      Cookie: session.cookie,
      'X-CSRFToken': session.csrf,
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    size,
    head,
    `\r\n--${BOUNDARY}--\r\n`,
  );
}

/** Direct mode as the browser does it: create (JSON), then PUT the raw file to our upload URL. */
async function viaServerDirect(
  session: Cookies,
  name: string,
  size: number,
): Promise<{ id: string; sent: Sent }> {
  const headers = {
    Cookie: session.cookie,
    'X-CSRFToken': session.csrf,
    'X-Requested-With': 'XMLHttpRequest',
  };
  const created = await fetch(`${base}api/glance/images/`, {
    method: 'PUT',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name,
      disk_format: 'raw',
      container_format: 'bare',
      visibility: 'private',
      source_type: 'file-direct',
      data: `${name}.raw`,
    }),
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const { id, upload_url } = (await created.json()) as { id: string; upload_url: string };
  const sent = await send(
    new URL(upload_url, base).href,
    'PUT',
    { ...headers, 'Content-Type': 'application/octet-stream', 'Content-Length': String(size) },
    size,
  );
  return { id, sent };
}

async function straightToGlance(
  direct: { token: string; image: string },
  name: string,
  size: number,
): Promise<{ id: string; sent: Sent }> {
  const created = await fetch(`${direct.image}/v2/images`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Auth-Token': direct.token },
    body: JSON.stringify({ name, disk_format: 'raw', container_format: 'bare' }),
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const sent = await send(
    `${direct.image}/v2/images/${id}/file`,
    'PUT',
    {
      'X-Auth-Token': direct.token,
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(size),
    },
    size,
  );
  return { id, sent };
}

interface GlanceImage {
  id: string;
  status: string;
  size: number | null;
  checksum: string | null;
}

async function glanceImage(
  direct: { token: string; image: string },
  id: string,
): Promise<GlanceImage> {
  const r = await fetch(`${direct.image}/v2/images/${id}`, {
    headers: { 'X-Auth-Token': direct.token },
  });
  return (await r.json()) as GlanceImage;
}

async function deleteImage(direct: { token: string; image: string }, id: string): Promise<void> {
  await fetch(`${direct.image}/v2/images/${id}`, {
    method: 'DELETE',
    headers: { 'X-Auth-Token': direct.token },
  });
}

interface Measured {
  mbps: number;
  seconds: number;
  rssGrowth: number;
  rssBaseline: number;
  /** CPU seconds the server process spent per GiB moved. */
  serverCpuPerGiB: number;
}

type Summary = Measured & { all: string };

/** The median round's speed, and the worst RSS growth of any round. */
function summary(rounds: readonly Measured[]): Summary {
  const sorted = [...rounds].sort((x, y) => x.mbps - y.mbps);
  const median = sorted[Math.floor(sorted.length / 2)] as Measured;
  const worst = rounds.reduce((a, b) => (b.rssGrowth > a.rssGrowth ? b : a));
  return {
    ...median,
    rssGrowth: worst.rssGrowth,
    rssBaseline: worst.rssBaseline,
    all: rounds.map((r) => r.mbps.toFixed(0)).join(', '),
  };
}

async function main(): Promise<void> {
  const md5 = expectedMd5(SIZE);
  const loadBefore = loadavg()[0] ?? 0;
  const product = startProduct();
  try {
    await waitFor(`${base}auth/options/`);
    const serverPid = findProcess(product.server.pid ?? -1, join('server', 'src', 'server.ts'));
    const session = await login(base, 'demo');
    const { token, endpoint } = await directToken(authUrl, 'image');
    const direct = { token, image: endpoint };

    const check = (image: GlanceImage, label: string): void => {
      if (image.status !== 'active' || image.size !== SIZE || image.checksum !== md5) {
        throw new Error(`${label}: ${JSON.stringify(image)} (expected ${SIZE} bytes, ${md5})`);
      }
    };

    // Warm-up: JIT, keep-alive pools, the first Glance store directory.
    const warm = await viaServer(session, 'warm-legacy', 32 * MiB);
    if (warm.status !== 201) throw new Error(`warm-up: ${warm.status} ${warm.body}`);
    await deleteImage(direct, (JSON.parse(warm.body) as { id: string }).id);
    const warmDirect = await straightToGlance(direct, 'warm-direct', 32 * MiB);
    await deleteImage(direct, warmDirect.id);
    await sleep(1000);

    const measure = async (
      run: () => Promise<{ id: string; sent: Sent }>,
      label: string,
    ): Promise<Measured> => {
      const rss = sampleRss(serverPid);
      const cpuBefore = cpuSecondsOf(serverPid);
      const { id, sent } = await run();
      const cpu = cpuSecondsOf(serverPid) - cpuBefore;
      const { baseline, peak } = rss.stop();
      check(await glanceImage(direct, id), label);
      await deleteImage(direct, id);
      await sleep(1000);
      return {
        mbps: SIZE / 1e6 / sent.seconds,
        seconds: sent.seconds,
        rssGrowth: peak - baseline,
        rssBaseline: baseline,
        serverCpuPerGiB: cpu / (SIZE / 2 ** 30),
      };
    };

    const expect = async (
      label: string,
      status: number,
      result: Promise<{ id: string; sent: Sent }>,
    ): Promise<{ id: string; sent: Sent }> => {
      const done = await result;
      if (done.sent.status !== status) {
        throw new Error(`${label}: ${done.sent.status} ${done.sent.body}`);
      }
      return done;
    };
    const legacy = (undeclared: boolean) => async (): Promise<{ id: string; sent: Sent }> => {
      const sent = await viaServer(session, 'bench-legacy', SIZE, undeclared);
      if (sent.status !== 201) throw new Error(`legacy: ${sent.status} ${sent.body}`);
      return { id: (JSON.parse(sent.body) as { id: string }).id, sent };
    };
    const paths = [
      {
        label:
          '(a) through the server: multipart POST /api/glance/images/ (with data_size, as the web app sends it)',
        run: legacy(false),
      },
      {
        label: '(b) straight to Glance: PUT /image/v2/images/{id}/file',
        run: () => expect('direct', 204, straightToGlance(direct, 'bench-direct', SIZE)),
      },
      {
        label: '(c) through the server, direct mode: PUT /api/glance/images/{id}/file/',
        run: () =>
          expect('server direct', 200, viaServerDirect(session, 'bench-server-direct', SIZE)),
      },
      {
        label: '(d) through the server: multipart POST without data_size (sent on chunked)',
        run: legacy(true),
      },
    ];
    // Alternating rounds, so load from other processes on the machine hits every path alike.
    const rounds = paths.map((): Measured[] => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, path] of paths.entries()) rounds[i]?.push(await measure(path.run, path.label));
    }
    const [a, b, c, d] = rounds.map(summary) as [Summary, Summary, Summary, Summary];

    const mb = (n: number): string => `${(n / 1e6).toFixed(1)} MB`;
    const percentOfDirect = (x: Summary): string => `${((x.mbps / b.mbps) * 100).toFixed(0)} %`;
    const out = [
      `## ${new Date().toISOString()} — image upload (issue 4)`,
      '',
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ` +
        `load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after (other work on the machine competes for the same cores).`,
      '',
      `${(SIZE / MiB).toFixed(0)} MiB of generated data per upload, after a 32 MiB warm-up of each path; ` +
        (embedded
          ? 'demo cloud inside the server process (BENCH_EMBEDDED_CLOUD=1).'
          : 'demo cloud in its own process, server pointed at it with OS_AUTH_URL.'),
      'MB = 10^6 bytes. RSS: VmRSS of the server process, sampled every 100 ms.',
      '',
      `${ROUNDS} alternating rounds; MB/s is the median round (all rounds in brackets), RSS growth the largest of any round.`,
      '',
      '| path | MB/s | seconds | server RSS growth (peak − start) | server CPU s/GiB |',
      '|---|---|---|---|---|',
      ...paths.map((path, i) => {
        const x = [a, b, c, d][i] as Summary;
        return `| ${path.label} | ${x.mbps.toFixed(1)} (${x.all}) | ${x.seconds.toFixed(1)} | ${mb(x.rssGrowth)} (from ${mb(x.rssBaseline)}) | ${x.serverCpuPerGiB.toFixed(2)} |`;
      }),
      '',
      `Legacy throughput (a): ${percentOfDirect(a)} of direct (target ≥ 80 %). ` +
        `Server RSS growth during (a): ${mb(a.rssGrowth)} (target < 64 MB). ` +
        `Direct mode through the server (c): ${percentOfDirect(c)} of (b); legacy without the declared length (d): ${percentOfDirect(d)}. ` +
        'Every image checked active with the expected size and md5, then deleted.',
      '',
    ].join('\n');
    console.log(out);
    const results = join(root, 'bench', 'RESULTS.md');
    if (!existsSync(results)) {
      writeFileSync(results, '# Benchmark results\n\nAppended by `npm run bench`.\n\n');
    }
    appendFileSync(results, `${out}\n`);
  } finally {
    product.server.kill('SIGTERM');
    product.cloud?.kill('SIGTERM');
    await sleep(1500);
    rmSync(product.dataDir, { recursive: true, force: true });
  }
}

await main();
