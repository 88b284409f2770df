/** What the Chromium benchmarks share: the browser, a signed-in context, medians. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { login } from './common';

/** Debian's Chromium (CHROMIUM_PATH overrides), headless, as the e2e tests run it. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

/**
 * A browser context signed in as `user` through the server's own login (its cookies, no login
 * page), with `initScript` run in every page before the app's scripts: the in-page probes.
 */
export async function signedInContext(
  browser: Browser,
  base: string,
  user: string,
  initScript?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const session = await login(base, user);
  await context.addCookies(
    session.cookie.split('; ').map((c) => {
      const [name, value] = c.split('=');
      return { name: name ?? '', value: value ?? '', url: base };
    }),
  );
  if (initScript) await context.addInitScript({ content: initScript });
  return context;
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** What the paint probe (`paintProbe`) keeps on window.__paint. */
export interface PaintState {
  /** performance.now() when a cell first held the current path's row text. */
  rowAt: number | null;
  /** The rAF after that: the frame that paints the row. */
  frameAt: number | null;
  /** event.timeStamp of the last click on a link or form sent (in-app runs start there). */
  clickAt: number | null;
  longTasks: { start: number; duration: number }[];
}

/**
 * An init script that runs in the page before its scripts, on every navigation. `rows` maps an
 * app path to the text of its known row; the path is read at each check, so one observer serves
 * a full load and the in-app navigation that follows it. Plain JavaScript in a string: tsx would
 * wrap named functions in a helper (`__name`) that does not exist in the page.
 */
export const paintProbe = (rows: Record<string, string>): string => `(() => {
  const rows = ${JSON.stringify(rows)};
  const state = { rowAt: null, frameAt: null, clickAt: null, longTasks: [] };
  window.__paint = state;
  const appPath = () => {
    const baseHref = document.querySelector('base')?.getAttribute('href') ?? '/';
    const root = new URL(baseHref, location.href).pathname.replace(/\\/$/, '');
    return location.pathname.slice(root.length) || '/';
  };
  const check = () => {
    if (state.rowAt !== null) return;
    const text = rows[appPath()];
    if (!text) return;
    for (const cell of document.querySelectorAll('td')) {
      if (cell.textContent && cell.textContent.includes(text)) {
        state.rowAt = performance.now();
        requestAnimationFrame(() => { state.frameAt = performance.now(); });
        return;
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  // Capture phase: before the router's handler, on the event's own clock (performance.now()).
  // A form sent (the login page's Sign In) starts a run as a link's click does.
  document.addEventListener('submit', (event) => {
    state.clickAt = event.timeStamp;
    state.rowAt = null;
    state.frameAt = null;
  }, true);
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('a')) return;
    state.clickAt = event.timeStamp;
    state.rowAt = null;
    state.frameAt = null;
  }, true);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no Long Tasks API: the timeline just shows none
  }
})();`;

const paintState = (page: Page): Promise<PaintState> =>
  page.evaluate(() => (window as unknown as { __paint: PaintState }).__paint);

/** Waits (in the page) until the row is in and its frame has run; returns the page's numbers. */
export async function rowShown(page: Page, timeout = 30_000): Promise<PaintState> {
  await page.waitForFunction(
    () => (window as unknown as { __paint?: PaintState }).__paint?.frameAt != null,
    undefined,
    { timeout, polling: 'raf' },
  );
  return paintState(page);
}

/**
 * Waits until the page has fetched every chunk it asked for. The rows of a server-rendered page
 * are in long before its scripts have all arrived; leaving then (about:blank) cancels the rest,
 * which never reach the HTTP cache, and the "warm cache" loads would fetch them every time.
 */
export async function cacheFilled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

/** A full load of `path` (app path, leading slash) from about:blank, until its row is painted. */
export async function fullLoad(page: Page, base: string, path: string): Promise<PaintState> {
  await page.goto('about:blank');
  await page.goto(new URL(path.slice(1), base).href, { waitUntil: 'commit' });
  return rowShown(page);
}

/** Every request of the current page (Resource Timing) and where nothing was in flight. */
export async function timeline(page: Page, at: PaintState): Promise<string> {
  // Let late requests (the second policy batch, polls) finish so they show too.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const rows = [
      {
        name: nav.name,
        type: 'document',
        start: nav.startTime,
        sent: nav.requestStart,
        end: nav.responseEnd,
        bytes: nav.transferSize,
      },
      ...res.map((r) => ({
        name: r.name,
        type: r.initiatorType,
        start: r.startTime,
        sent: r.requestStart,
        end: r.responseEnd,
        bytes: r.transferSize,
      })),
    ];
    return {
      rows,
      doc: {
        sent: nav.requestStart,
        firstByte: nav.responseStart,
        lastByte: nav.responseEnd,
        interactive: nav.domInteractive,
      },
      dcl: nav.domContentLoadedEventEnd,
      load: nav.loadEventEnd,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      // The app's own performance.mark()s, if any (for finding where time goes).
      marks: performance.getEntriesByType('mark').map((m) => ({ name: m.name, at: m.startTime })),
    };
  });
  const rowAt = at.rowAt ?? 0;
  const short = (url: string): string => {
    const u = new URL(url);
    return `${u.pathname.replace(/^.*\/assets\//, 'assets/')}${u.search}`;
  };
  const ms = (n: number): string => n.toFixed(0).padStart(5);
  const lines = entries.rows
    .sort((a, b) => a.start - b.start)
    .map(
      (r) =>
        `${ms(r.start)} → ${ms(r.end)}  ${ms(r.end - r.start)} ms  ${r.bytes === 0 ? 'cache' : `${(r.bytes / 1024).toFixed(1)} KB`.padStart(8)}  ${r.type.padEnd(14)} ${short(r.name)}`,
    );
  // Gaps before the row with no request in flight (10 ms or longer).
  const spans = entries.rows.map((r) => [r.start, r.end] as const).sort((a, b) => a[0] - b[0]);
  const gaps: string[] = [];
  let covered = 0;
  for (const [s, e] of spans) {
    if (s > rowAt) break;
    if (s - covered >= 10)
      gaps.push(`${covered.toFixed(0)}–${s.toFixed(0)} ms (${(s - covered).toFixed(0)} ms)`);
    covered = Math.max(covered, e);
  }
  if (rowAt - covered >= 10)
    gaps.push(
      `${covered.toFixed(0)}–${rowAt.toFixed(0)} ms (${(rowAt - covered).toFixed(0)} ms, until the row)`,
    );
  const tasks = at.longTasks.map((t) => `${t.start.toFixed(0)} ms +${t.duration.toFixed(0)}`);
  return [
    '  start →   end   took  transfer  initiator      url',
    ...lines,
    `  document: request sent ${entries.doc.sent.toFixed(0)} ms, first byte ${entries.doc.firstByte.toFixed(0)} ms, last byte ${entries.doc.lastByte.toFixed(0)} ms, DOM interactive ${entries.doc.interactive.toFixed(0)} ms`,
    `  DOMContentLoaded ${entries.dcl.toFixed(0)} ms, load ${entries.load.toFixed(0)} ms, first contentful paint ${entries.fcp?.toFixed(0) ?? '?'} ms, row in the DOM ${rowAt.toFixed(0)} ms, its frame ${at.frameAt?.toFixed(0) ?? '?'} ms`,
    ...(entries.marks.length
      ? [`  marks: ${entries.marks.map((m) => `${m.name} ${m.at.toFixed(0)}`).join(', ')}`]
      : []),
    `  long tasks (≥ 50 ms): ${tasks.length ? tasks.join(', ') : 'none'}`,
    `  nothing in flight before the row: ${gaps.length ? gaps.join(', ') : 'never'}`,
  ].join('\n');
}
