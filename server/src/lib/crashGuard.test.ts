import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('../testing/crashGuardFixture.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  err?: { message?: string };
}

/** The fixture server in its own process, with its JSON log lines gathered as they come. */
const startFixture = (
  args: string[] = [],
): {
  child: ChildProcess;
  logs: LogLine[];
  port: Promise<number>;
  exit: Promise<number | null>;
} => {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, ...args], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let stdout = '';
  const port = new Promise<number>((resolve, reject) => {
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      stdout += chunk;
      let newline = stdout.indexOf('\n');
      while (newline >= 0) {
        const line = stdout.slice(0, newline);
        stdout = stdout.slice(newline + 1);
        const listening = /^LISTENING (\d+)$/.exec(line);
        if (listening) resolve(Number(listening[1]));
        else if (line.startsWith('{')) logs.push(JSON.parse(line) as LogLine);
        newline = stdout.indexOf('\n');
      }
    });
    child.once('exit', () => reject(new Error('the fixture exited before listening')));
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, logs, port, exit };
};

const escaped = (logs: LogLine[], message: string): LogLine | undefined =>
  logs.find((line) => line.err?.message === message);

describe('installCrashGuard (in a real process)', () => {
  const fixture = startFixture();
  let base: string;

  beforeAll(async () => {
    base = `http://127.0.0.1:${await fixture.port}`;
  });

  afterAll(() => {
    fixture.child.kill();
  });

  it('answers 500 when an escaped stream error leaves a request hanging, and logs it with its request id', async () => {
    const response = await fetch(`${base}/stream`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message: 'An internal error occurred. Please try again later.',
    });
    const line = escaped(fixture.logs, 'stream error nobody listens to');
    expect(line).toMatchObject({
      level: 50,
      msg: 'uncaught exception in a request; the server carries on',
    });
    expect(line?.reqId).toMatch(/^req-/);
  });

  it("leaves the handler's own answer alone when it comes", async () => {
    const response = await fetch(`${base}/stream-then-answer`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'answered by the handler' });
    expect(escaped(fixture.logs, 'stream error before an answer')?.reqId).toMatch(/^req-/);
  });

  it('catches a throw in a callback and a rejection nobody awaits, each for its request', async () => {
    const [timer, reject] = await Promise.all([fetch(`${base}/timer`), fetch(`${base}/reject`)]);
    expect([timer.status, reject.status]).toEqual([500, 500]);
    const thrown = escaped(fixture.logs, 'thrown in a timer');
    const rejected = escaped(fixture.logs, 'rejection nobody awaits');
    expect(rejected?.msg).toBe('unhandled rejection in a request; the server carries on');
    expect(thrown?.reqId).toMatch(/^req-/);
    expect(rejected?.reqId).toMatch(/^req-/);
    expect(thrown?.reqId).not.toBe(rejected?.reqId);
  });

  it('logs an error outside any request without a request id, and keeps serving', async () => {
    const outside = escaped(fixture.logs, 'thrown outside any request');
    expect(outside).toMatchObject({
      msg: 'uncaught exception outside any request; the server carries on',
    });
    expect(outside?.reqId).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fixture.child.exitCode).toBeNull();
    const response = await fetch(`${base}/health`);
    expect(response.status).toBe(200);
  });

  it('still lets an error at startup (before the guard) end the process', async () => {
    const failing = startFixture(['--fail-at-startup']);
    failing.port.catch(() => undefined);
    expect(await failing.exit).toBe(1);
  });
});
