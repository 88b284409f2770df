/**
 * `npm run bench:paint`: how long a user waits for rows (issue 14 §5), measured in Chromium
 *  (a) full page load with a warm browser cache: the page is opened once, then 5 times more from
 *      about:blank; time from navigation start until a known row's text is in the DOM, median;
 *  (b) in-app navigation: the page of another panel is loaded, its sidebar link to this panel is
 *      clicked; time from the click event until the known row's text is in the DOM, median of 5
 *      (each run a first visit in that page's life: no panel code or list data in memory yet);
 * on flavors, key pairs, images and admin images. Targets: full load ≤ 300 ms, in-app ≤ 100 ms.
 *
 * The times are taken in the page, never by polling from here: an init script installs a
 * MutationObserver before any of the app's scripts run and records performance.now() (0 is the
 * navigation start) the first time a table cell holds the row's text, and the click's
 * event.timeStamp on the same clock.
 *
 * `--timeline` also prints, for one full load of each page, every request the page made (start
 * and end relative to navigation start, from Resource Timing), the long tasks, and the gaps in
 * which nothing was in flight before the row appeared. `--root <dir>` runs the product from
 * another checkout (e.g. a git worktree of an older commit, for a before/after). `--label <text>`
 * names the run in the heading; `--profile <file>` records a CPU profile of one more full load of
 * each page (written to <file>-<page>.cpuprofile, summed up in the output); `--no-append` leaves bench/RESULTS.md alone; `--only <paths>`
 * (comma-separated, e.g. /admin/flavors) measures only those pages; `--runs <n>` instead of 5;
 * `--warmup <n>` unmeasured full loads of each page first instead of 10 (0: none).
 *
 * The product starts as a user starts it (tools/start.mjs), the demo cloud in its own process
 * (tools/demo-cloud.mjs) with the server pointed at it by OS_AUTH_URL, on throwaway ports and data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  cacheFilled,
  fullLoad as fullLoadAt,
  launchChromium,
  median,
  paintProbe,
  rowShown,
  signedInContext,
  timeline,
  type PaintState,
} from './browser';
import { printProfile, type CpuProfile } from './profile';
import { waitFor } from './common';

const repo = join(import.meta.dirname, '..');

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const productRoot = resolve(option('--root') ?? repo);
const label = option('--label');
const RUNS = Number(option('--runs') ?? 5);
/**
 * Full loads of each page before any is measured (`--warmup <n>`, default 10): a server that
 * has just started runs its render and routes as cold, unoptimised code for its first requests,
 * which no user of a running server meets. The very first load is reported on its own.
 */
const WARMUP = Number(option('--warmup') ?? 10);
const showTimeline = process.argv.includes('--timeline');
const profileFile = option('--profile');
const append = !process.argv.includes('--no-append');

const port = 9600 + Math.floor(Math.random() * 100);
const cloudPort = port + 200;
const base = `http://127.0.0.1:${port}/`;
const authUrl = `http://127.0.0.1:${cloudPort}/identity/v3`;

const FULL_TARGET = 300;
const IN_APP_TARGET = 100;

interface Target {
  name: string;
  path: string;
  user: 'admin' | 'demo';
  /** A row's text from the demo cloud's seed data, on the first page of the list. */
  row: string;
  /** The panel whose page the in-app run starts on (same user, a different list). */
  from: string;
}

const TARGETS: Target[] = [
  { name: 'flavors', path: '/admin/flavors', user: 'admin', row: 'm1.tiny', from: '/admin/images' },
  {
    name: 'key pairs',
    path: '/project/key_pairs',
    user: 'demo',
    row: 'demo-key',
    from: '/project/images',
  },
  {
    name: 'images',
    path: '/project/images',
    user: 'demo',
    row: 'cirros-0.6.2-x86_64-disk',
    from: '/project/key_pairs',
  },
  {
    name: 'admin images',
    path: '/admin/images',
    user: 'admin',
    row: 'admin-maintenance-tools',
    from: '/admin/flavors',
  },
];

/**
 * Signing in: from the login form's submit to the first usage row of the page `/` lands on
 * (Project › Overview for demo): the session, the policy batch, the redirect and the page's
 * reads, all after the click.
 */
const SIGN_IN = { path: '/project/overview', user: 'demo', row: 'web-1' } as const;

const ROWS: Record<string, string> = {
  ...Object.fromEntries(TARGETS.map((t) => [t.path, t.row])),
  [SIGN_IN.path]: SIGN_IN.row,
};

const userContext = (browser: Browser, user: Target['user']): Promise<BrowserContext> =>
  signedInContext(browser, base, user, paintProbe(ROWS));

const fullLoad = (page: Page, path: string): Promise<PaintState> => fullLoadAt(page, base, path);

interface Measured {
  target: Target;
  full: number[];
  fullFrame: number[];
  inApp: number[];
  inAppFrame: number[];
  timeline?: string;
  /** With --timeline: each measured full load's document times (where a slow run lost time). */
  docs?: string[];
}

/** One load's document times: when its request left, its first and last byte, the row. */
async function documentTimes(page: Page, at: PaintState): Promise<string> {
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return [n.fetchStart, n.requestStart, n.responseStart, n.responseEnd, n.domInteractive];
  });
  const [fetchStart, sent, firstByte, lastByte, interactive] = nav.map((n) => n.toFixed(0));
  return `fetch ${fetchStart}, sent ${sent}, first byte ${firstByte}, last byte ${lastByte}, DOM interactive ${interactive}, row ${at.rowAt?.toFixed(0) ?? '?'}`;
}

/**
 * WARMUP full loads of every page, as their users; the time of the very first (the server's
 * first render after its start, cold code and caches), or undefined when there is no warm-up.
 */
async function warmUp(browser: Browser, targets: readonly Target[]): Promise<number | undefined> {
  let first: number | undefined;
  for (const target of targets) {
    const context = await userContext(browser, target.user);
    const page = await context.newPage();
    try {
      for (let i = 0; i < WARMUP; i += 1) {
        const at = await fullLoad(page, target.path);
        first ??= at.rowAt ?? undefined;
        await cacheFilled(page);
      }
    } finally {
      await context.close();
    }
  }
  return first;
}

async function measure(browser: Browser, target: Target): Promise<Measured> {
  const context = await userContext(browser, target.user);
  const page = await context.newPage();
  const out: Measured = { target, full: [], fullFrame: [], inApp: [], inAppFrame: [] };
  try {
    // (a) The first load fills the HTTP cache; the measured ones start from about:blank.
    await fullLoad(page, target.path);
    await cacheFilled(page);
    for (let i = 0; i < RUNS; i += 1) {
      const at = await fullLoad(page, target.path);
      out.full.push(at.rowAt ?? NaN);
      out.fullFrame.push(at.frameAt ?? NaN);
      if (showTimeline) (out.docs ??= []).push(await documentTimes(page, at));
      if (i === 0 && showTimeline) out.timeline = await timeline(page, at);
    }
    if (profileFile) {
      const cdp = await context.newCDPSession(page);
      await page.goto('about:blank');
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await page.goto(new URL(target.path.slice(1), base).href, { waitUntil: 'commit' });
      await rowShown(page);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      const file = `${profileFile}-${target.name.replace(/\W+/g, '-')}.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      console.log(`### CPU profile of a full load of ${target.path} (${file})\n`);
      printProfile(profile);
      await cdp.detach();
    }
    // (b) Each run: a full load of the other panel, then its sidebar link to this one.
    for (let i = 0; i < RUNS; i += 1) {
      await fullLoad(page, target.from);
      // Quiet first: the click should not race the first page's own late requests.
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.locator(`nav a[href$="${target.path}"]`).first().click();
      const at = await rowShown(page);
      out.inApp.push((at.rowAt ?? NaN) - (at.clickAt ?? NaN));
      out.inAppFrame.push((at.frameAt ?? NaN) - (at.clickAt ?? NaN));
    }
  } finally {
    await context.close();
  }
  return out;
}

/** RUNS sign-ins after one that fills the HTTP cache: submit → landing row, and its frame. */
async function measureSignIn(browser: Browser): Promise<{ rows: number[]; frames: number[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript({ content: paintProbe(ROWS) });
  const page = await context.newPage();
  const out = { rows: [] as number[], frames: [] as number[] };
  try {
    for (let i = 0; i <= RUNS; i += 1) {
      await context.clearCookies();
      await page.goto(new URL('login', base).href);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.getByRole('textbox', { name: 'User Name' }).fill(SIGN_IN.user);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(SIGN_IN.user);
      await page.getByRole('button', { name: 'Sign In' }).click();
      const at = await rowShown(page);
      await cacheFilled(page);
      if (i === 0) continue;
      out.rows.push((at.rowAt ?? NaN) - (at.clickAt ?? NaN));
      out.frames.push((at.frameAt ?? NaN) - (at.clickAt ?? NaN));
    }
  } finally {
    await context.close();
  }
  return out;
}

/**
 * The demo cloud runs in its own process and the server is pointed at it with OS_AUTH_URL, as
 * a real cloud lives elsewhere (the server's event loop is then the server's alone).
 */
function startProduct(): ChildProcess[] {
  const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-bench-paint-'));
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SKYDECK_LOG_LEVEL: 'warn',
    DEMO_CLOUD_PORT: String(cloudPort),
    DEMO_CLOUD_DATA_DIR: dataDir,
  };
  const cloud = spawn(process.execPath, [join(productRoot, 'tools', 'demo-cloud.mjs')], {
    cwd: productRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const server = spawn(process.execPath, [join(productRoot, 'tools', 'start.mjs')], {
    cwd: productRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, OS_AUTH_URL: authUrl, SKYDECK_REGIONS: 'RegionOne,RegionTwo' },
  });
  return [server, cloud];
}

const fmt = (xs: number[]): string => xs.map((x) => x.toFixed(0)).join(', ');

function report(
  results: Measured[],
  signIn: { rows: number[]; frames: number[] } | undefined,
  load: [number, number],
  cold: number | undefined,
): string {
  const row = (m: Measured): string => {
    const full = median(m.full);
    const inApp = median(m.inApp);
    const ok = (v: number, target: number): string => (v <= target ? '✓' : '✗');
    return `| ${m.target.name} (\`${m.target.path}\` as ${m.target.user}) | ${full.toFixed(0)} ${ok(full, FULL_TARGET)} (${fmt(m.full)}) | ${Math.min(...m.full).toFixed(0)} | ${median(m.fullFrame).toFixed(0)} | ${inApp.toFixed(0)} ${ok(inApp, IN_APP_TARGET)} (${fmt(m.inApp)}) from \`${m.target.from}\` | ${Math.min(...m.inApp).toFixed(0)} | ${median(m.inAppFrame).toFixed(0)} |`;
  };
  return [
    `## ${new Date().toISOString()} — navigation to painted rows (issue 14)${label ? `: ${label}` : ''}`,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${load[0].toFixed(1)} before, ${load[1].toFixed(1)} after (other work on the machine competes for the same cores).`,
    '',
    `Chromium (${'headless'}), demo cloud in its own process. Times in the page from a MutationObserver installed before the app's scripts: until a table cell holds the known row's text ("row in DOM"), and the next animation frame ("frame"). Median of ${RUNS} (all runs in brackets; "best": the fastest, the least disturbed by other load), ms.`,
    `Full load: warm HTTP cache, each run opened from about:blank, from navigation start. In-app: a full load of the other panel, then a click on the sidebar link, from the click event.`,
    WARMUP > 0
      ? `Measured after ${WARMUP} unmeasured full loads of each page (a server just started runs cold code for its first requests); the very first of them, ${results[0]?.target.path ?? ''} on a server that had rendered nothing yet: ${cold?.toFixed(0) ?? '?'} ms.`
      : 'No warm-up: the first page measured meets a server that has just started.',
    '',
    `| page | full load: row in DOM (target ≤ ${FULL_TARGET}) | best | frame | in-app: row in DOM (target ≤ ${IN_APP_TARGET}) | best | frame |`,
    '|---|---|---|---|---|---|---|',
    ...results.map(row),
    '',
    ...(signIn
      ? [
          `Sign-in (no target in the issue): from the login form's submit to the first usage row of the page \`/\` lands on (\`${SIGN_IN.path}\` as ${SIGN_IN.user}), warm HTTP cache: median ${median(signIn.rows).toFixed(0)} ms (${fmt(signIn.rows)}), best ${Math.min(...signIn.rows).toFixed(0)}, frame ${median(signIn.frames).toFixed(0)}.`,
          '',
        ]
      : []),
  ].join('\n');
}

async function main(): Promise<void> {
  const before = loadavg()[0] ?? 0;
  const product = startProduct();
  let browser: Browser | undefined;
  try {
    await waitFor(`${base}auth/options/`);
    // The page itself too: start.mjs may still be building the web app.
    await waitFor(base);
    browser = await launchChromium();
    const only = option('--only');
    const targets = TARGETS.filter((t) => !only || only.split(',').includes(t.path));
    const cold = await warmUp(browser, targets);
    const results: Measured[] = [];
    for (const target of targets) results.push(await measure(browser, target));
    const signIn = only ? undefined : await measureSignIn(browser);
    const out = report(results, signIn, [before, loadavg()[0] ?? 0], cold);
    console.log(out);
    if (showTimeline) {
      for (const m of results) {
        console.log(
          `### Request timeline: one full load of ${m.target.path} (ms from navigation start)\n`,
        );
        console.log('```');
        console.log(m.timeline ?? '(none)');
        for (const [i, doc] of (m.docs ?? []).entries()) console.log(`  run ${i + 1}: ${doc}`);
        console.log('```\n');
      }
    }
    if (append) {
      const results = join(repo, 'bench', 'RESULTS.md');
      if (!existsSync(results))
        writeFileSync(results, '# Benchmark results\n\nAppended by `npm run bench`.\n\n');
      appendFileSync(results, `${out}\n`);
    }
  } finally {
    await browser?.close();
    for (const child of product) child.kill('SIGTERM');
  }
}

await main();
