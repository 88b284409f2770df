import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE } from '@skydeck/contract';
import { buildTestApp, type TestApp, type TestSession } from '../testing/buildTestApp';
import { fuzzCase, type FuzzCase } from './cases';
import { knownExplanation, knownSkip, type SentCase } from './knownIssues';
import { fuzzRoutes, routeKey, type FuzzRoute } from './routes';
import {
  healthy,
  paramsAsSent,
  sendInject,
  sendSocket,
  toWire,
  type WireAnswer,
  type WireContext,
  type WireRequest,
} from './wire';

/** Upstream trouble passed on as such is allowed; any other 5xx is a finding. */
const UPSTREAM_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/** An in-process request that takes longer than this counts as hung. */
const INJECT_DEADLINE_MS = 20_000;

export interface FuzzOptions {
  runs: number;
  /** Case i is generated from seed + i, so one case can be replayed alone (`--seed`, 1 run). */
  seed: number;
  /** Stop early after this long (the cases sent so far are reported). */
  maxDurationMs?: number;
  progress?: (line: string) => void;
}

export interface FuzzFailure {
  /** Replays this case alone: `npm run fuzz -- --seed <seed> --runs 1`. */
  readonly seed: number;
  readonly route: string;
  readonly reason: string;
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly answer: string;
  /** What the server logged as an error while handling it. */
  readonly logged: readonly string[];
}

export interface FuzzReport {
  readonly seed: number;
  readonly routes: number;
  readonly sent: number;
  readonly durationMs: number;
  /** route → status (or `closed` / `timeout` for a raw socket without an answer) → count. */
  readonly byRoute: Record<string, Record<string, number>>;
  readonly byStatus: Record<string, number>;
  /** Upstream 502/503/504 by route: allowed, but worth a look. */
  readonly upstream: Record<string, number>;
  /** 5xx explained by the known-issue list, and cases not sent because of it. */
  readonly known: Record<string, number>;
  readonly skipped: Record<string, number>;
  readonly failures: readonly FuzzFailure[];
  /** Unhandled rejections or uncaught exceptions seen during the run. */
  readonly unhandled: readonly string[];
  readonly stoppedAnswering: boolean;
}

const bump = (counts: Record<string, number>, key: string): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

const describeError = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);

const preview = (request: WireRequest): string => {
  if (!request.body) return '';
  const text = request.body.subarray(0, 300).toString('utf8');
  return request.body.length > 300 ? `${text}… (${request.body.length} bytes)` : text;
};

const withDeadline = async <T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
};

interface Target {
  t: TestApp;
  routes: FuzzRoute[];
  context: WireContext;
  sessions: { admin: TestSession; member: TestSession };
  port: number;
  logged: string[];
}

/** Ids and names the cloud lists, so some params name things that exist. */
const collectPool = async (
  app: FastifyInstance,
  routes: readonly FuzzRoute[],
  webroot: string,
  headers: Record<string, string>,
): Promise<string[]> => {
  const pool = new Set<string>();
  for (const route of routes) {
    if (route.method !== 'GET' || !route.path.startsWith('/api/') || route.path.includes(':')) {
      continue;
    }
    const response = await app.inject({
      method: 'GET',
      url: `${webroot}${route.path.slice(1)}`,
      headers,
    });
    // A file download (the user's openrc) lists nothing.
    const json = String(response.headers['content-type'] ?? '').includes('json');
    if (response.statusCode !== 200 || !json) continue;
    const items = (response.json<{ items?: unknown }>().items ?? []) as unknown[];
    for (const item of Array.isArray(items) ? items.slice(0, 20) : []) {
      if (typeof item !== 'object' || item === null) continue;
      const { id, name } = item as { id?: unknown; name?: unknown };
      if (typeof id === 'string' || typeof id === 'number') pool.add(String(id));
      if (typeof name === 'string') pool.add(name);
    }
  }
  return [...pool];
};

/** The cookies and CSRF token the login page gives a browser that is not signed in. */
const loginPageBrowser = async (
  app: FastifyInstance,
  webroot: string,
): Promise<Record<string, string>> => {
  const page = await app.inject({ method: 'GET', url: `${webroot}auth/options/` });
  const cookies = page.cookies as Array<{ name: string; value: string }>;
  return {
    cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-csrftoken': cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '',
    'x-requested-with': 'XMLHttpRequest',
  };
};

/**
 * The app against its own fresh demo cloud (a new data dir: whatever the fuzzer creates,
 * changes or deletes stays there), listening on a free loopback port for the raw-socket cases,
 * with an admin and a member signed in.
 */
const startTarget = async (): Promise<Target> => {
  const logged: string[] = [];
  // Only errors, kept so a 5xx can be reported with what the server saw.
  const t = await buildTestApp(
    {},
    { logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } } },
  );
  try {
    const webroot = t.config.webroot;
    const routes = fuzzRoutes();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const admin = await t.login('admin');
    const member = await t.login('demo');
    const pool = await collectPool(t.app, routes, webroot, admin.headers);
    const anonymous = await loginPageBrowser(t.app, webroot);
    return {
      t,
      routes,
      port,
      logged,
      sessions: { admin, member },
      context: { webroot, routes, admin: admin.headers, member: member.headers, anonymous, pool },
    };
  } catch (error) {
    await t.close();
    throw error;
  }
};

/** Signs the shared admin and member in again if a case ended their session (logout, login). */
const keepSignedIn = async (target: Target): Promise<void> => {
  const store = target.t.app.sessionStore;
  for (const [user, key] of [
    ['admin', 'admin'],
    ['demo', 'member'],
  ] as const) {
    if (await store.get(target.sessions[key].sessionId)) continue;
    target.sessions[key] = await target.t.login(user);
    target.context = { ...target.context, [key]: target.sessions[key].headers };
  }
};

const send = async (target: Target, fuzz: FuzzCase, request: WireRequest): Promise<WireAnswer> => {
  if (fuzz.transport.kind === 'socket') {
    return sendSocket(target.port, request, fuzz.transport);
  }
  const answer = await withDeadline(sendInject(target.t.app, request), INJECT_DEADLINE_MS);
  return answer === 'timeout' ? { statuses: [], outcome: 'timeout', body: '' } : answer;
};

/**
 * Sends `runs` generated requests, one at a time, to every route of the app, and checks after
 * each: no 5xx but an upstream 502/503/504 (or one the known-issue list explains), no hang, no
 * unhandled rejection or uncaught exception, and the server still answers.
 */
export const runFuzz = async (options: FuzzOptions): Promise<FuzzReport> => {
  const started = Date.now();

  const byRoute: Record<string, Record<string, number>> = {};
  const byStatus: Record<string, number> = {};
  const upstream: Record<string, number> = {};
  const known: Record<string, number> = {};
  const skipped: Record<string, number> = {};
  const failures: FuzzFailure[] = [];
  let sent = 0;
  let stoppedAnswering = false;

  const target = await startTarget();
  const arbitrary = fuzzCase(target.routes);
  // Installed for the run only (a failed start above is thrown as usual): an error that escapes
  // a request is a finding of the case that left it, not the end of the run.
  const unhandled: string[] = [];
  const onUnhandled = (error: unknown): void => void unhandled.push(describeError(error));
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  try {
    for (let i = 0; i < options.runs; i += 1) {
      if (options.maxDurationMs !== undefined && Date.now() - started > options.maxDurationMs) {
        options.progress?.(`time budget reached after ${i} cases`);
        break;
      }
      const seed = (options.seed + i) | 0;
      const [fuzz] = fc.sample(arbitrary, { seed, numRuns: 1 });
      if (!fuzz) continue;
      const route = target.routes[fuzz.route];
      if (!route) continue;
      const key = routeKey(route);
      const request = toWire(fuzz, target.context);
      const sentCase: SentCase = {
        fuzz,
        routeKey: key,
        params: paramsAsSent(fuzz, target.context),
        contentType: request.headers['content-type'],
      };
      const skip = knownSkip(sentCase);
      if (skip) {
        bump(skipped, skip.id);
        continue;
      }

      const loggedBefore = target.logged.length;
      const unhandledBefore = unhandled.length;
      const answer = await send(target, fuzz, request);
      sent += 1;
      // Let a rejection the request left behind surface before it is checked for.
      await new Promise((resolve) => setImmediate(resolve));

      const statusKey =
        answer.statuses[0] !== undefined ? String(answer.statuses[0]) : answer.outcome;
      byRoute[key] ??= {};
      bump(byRoute[key], statusKey);
      bump(byStatus, statusKey);

      const reasons: string[] = [];
      for (const status of answer.statuses) {
        if (status < 500) continue;
        if (UPSTREAM_STATUSES.has(status)) {
          bump(upstream, `${key} ${status}`);
          continue;
        }
        const explained = knownExplanation(
          sentCase,
          status,
          target.logged.slice(loggedBefore).join('\n'),
        );
        if (explained) bump(known, explained.id);
        else reasons.push(`answered ${status}`);
      }
      if (answer.outcome === 'timeout' && fuzz.transport.kind === 'inject') {
        reasons.push(`no answer within ${INJECT_DEADLINE_MS} ms`);
      }
      if (unhandled.length > unhandledBefore) {
        reasons.push(`unhandled: ${unhandled.slice(unhandledBefore).join(' | ').slice(0, 600)}`);
      }
      const port = fuzz.transport.kind === 'socket' ? target.port : undefined;
      if (!(await healthy(target.t.app, target.context.webroot, port))) {
        reasons.push('the server stopped answering');
        stoppedAnswering = true;
      }
      if (reasons.length > 0) {
        failures.push({
          seed,
          route: key,
          reason: reasons.join('; '),
          method: request.method,
          url: request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url,
          headers: request.headers,
          body: preview(request),
          answer: answer.body,
          logged: target.logged.slice(loggedBefore).map((line) => line.slice(0, 1500)),
        });
      }
      if (stoppedAnswering) break;
      if (route.path.startsWith('/auth/') || answer.statuses.includes(401)) {
        await keepSignedIn(target);
      }
      if ((i + 1) % 1000 === 0) {
        options.progress?.(
          `${i + 1} cases, ${failures.length} failures, ${Date.now() - started} ms`,
        );
      }
    }
  } finally {
    await target.t.close();
    // Late rejections from the last requests still count; then the listeners go.
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
  }

  return {
    seed: options.seed,
    routes: target.routes.length,
    sent,
    durationMs: Date.now() - started,
    byRoute,
    byStatus,
    upstream,
    known,
    skipped,
    failures,
    unhandled,
    stoppedAnswering,
  };
};

/** The report as text: counts by status and by route, then every failure with its seed. */
export const formatReport = (report: FuzzReport): string => {
  const lines: string[] = [];
  const counts = (record: Record<string, number>): string =>
    Object.entries(record)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
  lines.push(
    `fuzz: ${report.sent} cases over ${report.routes} routes in ${(report.durationMs / 1000).toFixed(1)} s (seed ${report.seed})`,
    `by status: ${counts(report.byStatus)}`,
    'by route:',
  );
  for (const [route, statuses] of Object.entries(report.byRoute).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    lines.push(`  ${route.padEnd(52)} ${counts(statuses)}`);
  }
  if (Object.keys(report.upstream).length > 0) {
    lines.push(`upstream 502/503/504 (allowed): ${counts(report.upstream)}`);
  }
  if (Object.keys(report.known).length > 0 || Object.keys(report.skipped).length > 0) {
    lines.push(
      `known issues: 5xx ${counts(report.known) || 'none'}; not sent ${counts(report.skipped) || 'none'}`,
    );
  }
  lines.push(
    `unexpected: ${report.failures.length} failing cases, ${report.unhandled.length} unhandled errors`,
  );
  for (const failure of report.failures) {
    lines.push(
      '',
      `FAIL ${failure.route}: ${failure.reason}`,
      `  replay: npm run fuzz -- --seed ${failure.seed} --runs 1`,
      `  ${failure.method} ${failure.url}`,
      `  headers: ${JSON.stringify(failure.headers)}`,
      `  body: ${JSON.stringify(failure.body)}`,
      `  answer: ${JSON.stringify(failure.answer)}`,
      ...failure.logged.map((line) => `  logged: ${line.trim()}`),
    );
  }
  return lines.join('\n');
};
