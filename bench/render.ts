/**
 * `npm run bench:render`: the server's work per signed-in document (issue 14 §5), measured as
 * CPU time rather than wall time, so that a machine busy with other work still gives a number
 * that compares before and after a change. Wall time on a shared two-core machine moves with
 * everything else running; the server process's own CPU seconds (from /proc) do not, much.
 *
 * The server runs from its TypeScript sources (tsx) against a demo cloud in its own process,
 * with the web build in `--dist <dir>` (default web/dist). For each page: 30 unmeasured GETs
 * (cold code gets optimised), then `--runs <n>` (default 100) in series; printed: the wall time
 * of each document (median, p90), the server's CPU ms per document (user + system, from
 * /proc/<pid>/stat around the series) and the demo cloud's. `--profile <dir>` runs the server
 * with --cpu-prof into that directory (written when the server exits) and sums it up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { login, waitFor } from './common';
import { median } from './browser';
import { printProfile, type CpuProfile } from './profile';

const repo = join(import.meta.dirname, '..');

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const RUNS = Number(option('--runs') ?? 100);
const WARMUP = 30;
const dist = resolve(option('--dist') ?? join(repo, 'web', 'dist'));
const profileDir = option('--profile');
const pages = (option('--only') ?? '/admin/images,/admin/flavors').split(',');

const port = 9700 + Math.floor(Math.random() * 100);
const cloudPort = port + 200;
const base = `http://127.0.0.1:${port}/`;

/** CPU ms (user + system) a process has used so far (Linux: /proc/<pid>/stat, clock ticks). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, inside parentheses).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10; // USER_HZ is 100 on Linux
}

function start(): { server: ChildProcess; cloud: ChildProcess } {
  const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-bench-render-'));
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SKYDECK_LOG_LEVEL: 'warn',
    SKYDECK_WEB_DIST: dist,
    DEMO_CLOUD_PORT: String(cloudPort),
    DEMO_CLOUD_DATA_DIR: dataDir,
  };
  const tsx = ['--import', 'tsx'];
  const cloud = spawn(
    process.execPath,
    [...tsx, join(repo, 'packages', 'demo-cloud', 'src', 'main.ts')],
    { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'], env },
  );
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profileDir)] : [];
  const server = spawn(
    process.execPath,
    [...profile, ...tsx, join(repo, 'server', 'src', 'server.ts')],
    {
      cwd: repo,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...env,
        OS_AUTH_URL: `http://127.0.0.1:${cloudPort}/identity/v3`,
        SKYDECK_REGIONS: 'RegionOne,RegionTwo',
      },
    },
  );
  return { server, cloud };
}

/** A document's wall time; `strict`: it must have been rendered (not sent past the budget). */
async function documentMs(url: string, cookie: string, strict = true): Promise<number> {
  const t0 = performance.now();
  const r = await fetch(url, { headers: { cookie, accept: 'text/html' } });
  const text = await r.text();
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  if (strict && !text.includes('skydeck-page-state')) throw new Error(`${url}: not rendered`);
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const { server, cloud } = start();
  try {
    await waitFor(`${base}auth/options/`);
    const admin = await login(base, 'admin');
    console.log(`load average ${loadavg()[0]?.toFixed(1)}; ${RUNS} documents per page\n`);
    console.log('| page | wall median | wall p90 | server CPU / doc | cloud CPU / doc |');
    console.log('|---|---|---|---|---|');
    for (const page of pages) {
      const url = new URL(page.slice(1), base).href;
      for (let i = 0; i < WARMUP; i += 1) await documentMs(url, admin.cookie, false);
      const s0 = cpuMs(server.pid ?? 0);
      const c0 = cpuMs(cloud.pid ?? 0);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) times.push(await documentMs(url, admin.cookie));
      const s = (cpuMs(server.pid ?? 0) - s0) / RUNS;
      const c = (cpuMs(cloud.pid ?? 0) - c0) / RUNS;
      const p90 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)] ?? NaN;
      console.log(
        `| ${page} | ${median(times).toFixed(1)} ms | ${p90.toFixed(1)} ms | ${s.toFixed(1)} ms | ${c.toFixed(1)} ms |`,
      );
    }
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    cloud.kill('SIGTERM');
    await exited;
  }
  if (profileDir) {
    const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
    // The server's main thread: the largest profile (tsx's loader thread writes one too).
    const size = (f: string): number => statSync(join(profileDir, f)).size;
    const newest = files.sort((a, b) => size(a) - size(b)).at(-1);
    if (newest) {
      console.log(`\n### server CPU profile (${join(profileDir, newest)})\n`);
      printProfile(JSON.parse(readFileSync(join(profileDir, newest), 'utf8')) as CpuProfile);
    }
  }
}

await main();
