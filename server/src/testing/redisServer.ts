import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createClient } from '@redis/client';
import { freePort } from './freePort';

/** A throwaway redis-server on loopback: no persistence, its own port. */
export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop; nothing when it runs). */
  restart(): Promise<void>;
}

/**
 * Whether tests that need Redis run here: always in CI (where .ci/run installs redis-server, so
 * a missing binary fails them), and on a developer machine when redis-server is installed.
 */
export const redisAvailable = (): boolean =>
  process.env.CI === 'true' || spawnSync('redis-server', ['--version']).status === 0;

const waitForPing = async (url: string): Promise<void> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = createClient({ url, socket: { reconnectStrategy: false } });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
      await client.close();
      return;
    } catch (error) {
      client.destroy();
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};

export const startRedisServer = async (): Promise<RedisServer> => {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    if (child && child.exitCode === null) return;
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitForPing(url);
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { url, port, stop, restart: start };
};
