/**
 * `npm run bench`: prints and appends to bench/RESULTS.md
 *  1. gzip bytes of the JS+CSS the login page loads, and the first panel after login, and the
 *     bytes actually transferred (`npm run bench -- --pages`: only this, file by file);
 *  2. req/s and p50/p99 latency of GET /api/nova/keypairs/ through the server versus the same
 *     call straight to the demo cloud, on this machine, in one run.
 * The product is started as a user starts it (tools/start.mjs) on throwaway ports and data.
 */
import { Agent, request as httpRequest } from 'node:http';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium, type Page } from '@playwright/test';
import { directToken, login, startProduct, waitFor } from './common';

const root = join(import.meta.dirname, '..');
const port = 9400 + Math.floor(Math.random() * 100);
const base = `http://127.0.0.1:${port}/`;

/** One script or stylesheet a page loaded. */
interface Loaded {
  file: string;
  /** The decoded body gzipped with Node's default level: comparable across runs and servers. */
  gzip: number;
  /** Body bytes as they came over the wire, in whatever encoding the server chose. */
  wire: number;
  encoding: string;
}

interface PageWeight {
  gzip: number;
  wire: number;
  files: Loaded[];
}

const sum = (files: Loaded[], key: 'gzip' | 'wire'): number =>
  files.reduce((n, f) => n + f[key], 0);

async function pageBytes(): Promise<{ login: PageWeight; panel: PageWeight; panelPath: string }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const measure = async (go: (p: Page) => Promise<void>): Promise<PageWeight> => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Promise<Loaded | undefined>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        (async () => {
          const body = await res.body();
          await res.finished();
          const sizes = await res.request().sizes();
          return {
            file: new URL(res.url()).pathname.replace(/^.*\//, ''),
            gzip: gzipSync(body).length,
            wire: sizes.responseBodySize,
            encoding: (await res.headerValue('content-encoding')) ?? 'identity',
          };
        })().catch(() => undefined),
      );
    });
    await go(page);
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).filter((f): f is Loaded => f !== undefined);
    await context.close();
    files.sort((a, b) => b.gzip - a.gzip);
    return { gzip: sum(files, 'gzip'), wire: sum(files, 'wire'), files };
  };
  const panelPath = 'project/key_pairs';
  const loginWeight = await measure(async (p) => {
    await p.goto(`${base}login`);
  });
  const session = await login(base, 'demo');
  const panelWeight = await measure(async (p) => {
    await p.context().addCookies(
      session.cookie.split('; ').map((c) => {
        const [name, value] = c.split('=');
        return { name: name ?? '', value: value ?? '', url: base };
      }),
    );
    await p.goto(`${base}${panelPath}`);
    await p.getByRole('grid').or(p.getByRole('table')).first().waitFor();
  });
  await browser.close();
  return { login: loginWeight, panel: panelWeight, panelPath };
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

/** `--pages`: what each page loads, file by file, for finding what to split. */
function breakdown(name: string, w: PageWeight): string {
  return [
    `${name}: ${w.files.length} files, ${kb(w.gzip)} gzip, ${kb(w.wire)} transferred`,
    ...w.files.map(
      (f) =>
        `  ${kb(f.gzip).padStart(9)} gzip ${kb(f.wire).padStart(9)} ${f.encoding.padEnd(8)} ${f.file}`,
    ),
  ].join('\n');
}

interface Latency {
  rps: number;
  p50: number;
  p99: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
): Promise<Latency> {
  const run = (duration: number): Promise<autocannon.Result> =>
    autocannon({ url, headers, connections, duration });
  await run(2); // warm-up: JIT, keep-alive pools, caches
  const r = await run(10);
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/**
 * Exact latency percentiles for one client doing one request at a time over a keep-alive
 * connection (autocannon reports whole milliseconds, too coarse for a sub-millisecond budget).
 */
async function sequential(
  url: string,
  headers: Record<string, string>,
  n = 3000,
): Promise<Latency> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = (): Promise<number> =>
    new Promise((resolve, reject) => {
      const start = performance.now();
      const req = httpRequest(url, { headers, agent }, (res) => {
        if ((res.statusCode ?? 500) >= 300) reject(new Error(`${url}: ${res.statusCode}`));
        res.resume();
        res.on('end', () => resolve(performance.now() - start));
      });
      req.on('error', reject);
      req.end();
    });
  for (let i = 0; i < 300; i += 1) await once();
  const times: number[] = [];
  const began = performance.now();
  for (let i = 0; i < n; i += 1) times.push(await once());
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number): number =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { rps: n / elapsed, p50: at(0.5), p99: at(0.99) };
}

async function main(): Promise<void> {
  const product = startProduct({ port, name: 'skydeck-bench' });
  const { authUrl } = product;
  try {
    await waitFor(`${base}auth/options/`);
    const bytes = await pageBytes();
    if (process.argv.includes('--pages')) {
      console.log(breakdown('login page', bytes.login));
      console.log(breakdown(`/${bytes.panelPath}`, bytes.panel));
      return;
    }
    const session = await login(base, 'demo');
    const serverHeaders = { Cookie: session.cookie, 'X-Requested-With': 'XMLHttpRequest' };
    const direct = await directToken(authUrl, 'compute');
    const directHeaders = { 'X-Auth-Token': direct.token };
    const serverUrl = `${base}api/nova/keypairs/`;
    const directUrl = `${direct.endpoint}/os-keypairs`;
    // One connection measures the latency the server adds; ten measure throughput under load.
    const viaServer1 = await sequential(serverUrl, serverHeaders);
    const straight1 = await sequential(directUrl, directHeaders);
    const viaServer = await load(serverUrl, serverHeaders, 10);
    const straight = await load(directUrl, directHeaders, 10);
    const row = (name: string, connections: number, l: Latency): string =>
      `| ${name} | ${connections} | ${l.rps.toFixed(0)} | ${l.p50.toFixed(2)} | ${l.p99.toFixed(2)} |`;
    const out = [
      `## ${new Date().toISOString()} — skeleton (issue 2)`,
      '',
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
      '',
      '| page | files | JS+CSS gzip | target | transferred |',
      '|---|---|---|---|---|',
      `| login page | ${bytes.login.files.length} | ${kb(bytes.login.gzip)} | ≤ 200 KB | ${kb(bytes.login.wire)} |`,
      `| first panel after login (/${bytes.panelPath}, cold cache) | ${bytes.panel.files.length} | ${kb(bytes.panel.gzip)} | – | ${kb(bytes.panel.wire)} |`,
      '',
      "JS+CSS gzip: each script and stylesheet body gzipped with Node's default level, whatever the",
      'server sent. Transferred: the body bytes Chromium received, in the encoding the server chose.',
      '',
      'GET key pairs; the demo cloud in its own process. One connection: 3,000 sequential requests',
      'after 300 warm-up ones, exact percentiles. Ten connections: autocannon for 10 s after a 2 s',
      'warm-up (whole milliseconds).',
      '',
      '| path | connections | req/s | p50 ms | p99 ms |',
      '|---|---|---|---|---|',
      row('through the server: GET /api/nova/keypairs/', 1, viaServer1),
      row('straight to the demo cloud: GET /compute/v2.1/os-keypairs', 1, straight1),
      row('through the server: GET /api/nova/keypairs/', 10, viaServer),
      row('straight to the demo cloud: GET /compute/v2.1/os-keypairs', 10, straight),
      '',
      `Server overhead at p50, one connection: ${(viaServer1.p50 - straight1.p50).toFixed(2)} ms (target ≤ 2 ms).`,
      '',
    ].join('\n');
    console.log(out);
    const results = join(root, 'bench', 'RESULTS.md');
    if (!existsSync(results))
      writeFileSync(results, '# Benchmark results\n\nAppended by `npm run bench`.\n\n');
    appendFileSync(results, `${out}\n`);
  } finally {
    product.stop();
  }
}

await main();
