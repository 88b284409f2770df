import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * Issue 3: "a crash mid-write loses nothing committed". The demo cloud runs as its own process
 * (as `npm run demo-cloud` does), takes creates from several clients at once, and is killed with
 * SIGKILL in the middle of them: no shutdown hook, no flush. Started again on the same data
 * directory, it must still have every resource whose create was answered with success.
 */

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'demo-cloud-crash-'));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

/** Starts the standalone demo cloud; resolves once it answers. */
const start = async (port: number, reset: boolean): Promise<ChildProcess> => {
  const args = ['--import', 'tsx', MAIN, '--port', String(port), '--data-dir', dataDir];
  const proc = spawn(process.execPath, reset ? [...args, '--reset'] : args, {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`demo cloud exited with ${proc.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/identity/v3`);
      if (r.ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('demo cloud did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const token = async (base: string): Promise<string> => {
  const r = await fetch(`${base}/identity/v3/auth/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      auth: {
        identity: {
          methods: ['password'],
          password: { user: { name: 'demo', domain: { id: 'default' }, password: 'demo' } },
        },
        scope: { project: { name: 'demo', domain: { id: 'default' } } },
      },
    }),
  });
  expect(r.status).toBe(201);
  return r.headers.get('x-subject-token') ?? '';
};

const stopped = (proc: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve();
    else proc.once('exit', () => resolve());
  });

describe('a demo cloud killed mid-write', () => {
  it('keeps every create it answered with success', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = await start(port, true);
    const auth = await token(base);

    const confirmed: string[] = [];
    let killed = false;
    // Four clients creating networks back to back until the process dies under them.
    const client = async (n: number): Promise<void> => {
      for (let i = 0; !killed; i++) {
        const name = `crash-${n}-${i}`;
        try {
          const r = await fetch(`${base}/network/v2.0/networks`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Auth-Token': auth },
            body: JSON.stringify({ network: { name } }),
          });
          if (r.status === 201) confirmed.push(name);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    // Kill once a good number of writes has committed, while more are in flight.
    while (confirmed.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    const proc = child;
    proc.kill('SIGKILL');
    killed = true;
    await stopped(proc);
    await Promise.all(clients);

    child = await start(port, false);
    const again = await token(base);
    const r = await fetch(`${base}/network/v2.0/networks?fields=name`, {
      headers: { 'X-Auth-Token': again },
    });
    expect(r.status).toBe(200);
    const names = new Set(
      ((await r.json()) as { networks: { name: string }[] }).networks.map((net) => net.name),
    );
    const lost = confirmed.filter((name) => !names.has(name));
    expect(lost).toEqual([]);
    expect(confirmed.length).toBeGreaterThanOrEqual(40);
  });
});
