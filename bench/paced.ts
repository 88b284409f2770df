/**
 * bench:load's paced run: every session sends one request every 1000 / rate ms, the sessions'
 * phases spread evenly over that interval, each on its own keep-alive connection. autocannon's
 * connectionRate sends a connection's quota back to back at the start of each second, all
 * connections in step: 200 sessions at 2 req/s arrived as one burst of 400 every second, and the
 * p99 measured how long the machine takes to drain that burst, not what a user waits.
 * A request is timed from when it was due, so one queued behind a slow answer on its session's
 * connection counts its wait (no coordinated omission).
 */
import { Agent, request } from 'node:http';
import type { Cookies } from './common';
import { headersOf, type Step } from './traffic';

/** What the report reads of a run (autocannon's results are turned into it too). */
export interface LoadResult {
  requests: { total: number; average: number };
  latency: { p50: number; p97_5: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count?: number }>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function send(base: URL, agent: Agent, session: Cookies, step: Step): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        path: step.path,
        method: step.method,
        agent,
        headers: {
          ...headersOf(session, step.body !== undefined),
          ...(step.body !== undefined && { 'Content-Length': Buffer.byteLength(step.body) }),
        },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(step.body);
  });
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function pacedRun(
  base: string,
  sessions: readonly Cookies[],
  steps: readonly Step[],
  rate: number,
  seconds: number,
): Promise<LoadResult> {
  const url = new URL(base);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  let non2xx = 0;
  const start = performance.now() + 100;
  const end = start + seconds * 1000;
  await Promise.all(
    sessions.map(async (session, i) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const pending: Promise<void>[] = [];
      let due = start + (interval * i) / sessions.length;
      let at = i % steps.length;
      while (due < end) {
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const scheduled = due;
        const step = steps[at] as Step;
        at = (at + 1) % steps.length;
        pending.push(
          send(url, agent, session, step).then(
            (status) => {
              latencies.push(performance.now() - scheduled);
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
              if (status < 200 || status > 299) non2xx += 1;
            },
            () => {
              errors += 1;
            },
          ),
        );
        due += interval;
      }
      await Promise.all(pending);
      agent.destroy();
    }),
  );
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number): number => Math.round(n);
  return {
    requests: { total: latencies.length, average: latencies.length / seconds },
    latency: {
      p50: round(percentile(sorted, 50)),
      p97_5: round(percentile(sorted, 97.5)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? NaN),
    },
    errors,
    timeouts: 0,
    non2xx,
    statusCodeStats: Object.fromEntries([...statuses].map(([code, count]) => [code, { count }])),
  };
}
