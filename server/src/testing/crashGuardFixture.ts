// A small server for crashGuard.test.ts, run as its own process (an escaped error is a process
// matter, and the test runner has handlers of its own): routes whose errors escape every
// handler, each in a different way. `--fail-at-startup` throws before the guard is installed.
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { installCrashGuard } from '../lib/crashGuard';
import { requestContext } from '../plugins/requestContext';

const main = async (): Promise<void> => {
  const app = Fastify({ logger: { level: 'info' } });
  await app.register(requestContext);

  // An 'error' on a stream nobody listens to (the upload meter's bug).
  app.get('/stream', async () => {
    const stream = new PassThrough();
    setImmediate(() => stream.destroy(new Error('stream error nobody listens to')));
    return new Promise(() => undefined);
  });
  // The handler answers by itself, slowly, after the escaped error: its answer must win.
  app.get('/stream-then-answer', async (_request, reply) => {
    new PassThrough().destroy(new Error('stream error before an answer'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    return reply.code(400).send({ message: 'answered by the handler' });
  });
  // A throw in a timer callback the handler waits for.
  app.get('/timer', async () => {
    await new Promise((_resolve) => {
      setTimeout(() => {
        throw new Error('thrown in a timer');
      }, 1);
    });
  });
  // A rejected promise nobody awaits.
  app.get('/reject', async () => {
    void Promise.reject(new Error('rejection nobody awaits'));
    return new Promise(() => undefined);
  });
  app.get('/health', async () => ({ ok: true }));

  if (process.argv.includes('--fail-at-startup')) {
    setImmediate(() => {
      throw new Error('a programming error at startup');
    });
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }

  await app.listen({ host: '127.0.0.1', port: 0 });
  installCrashGuard({ log: app.log, answerDelayMs: 200 });
  setImmediate(() => {
    throw new Error('thrown outside any request');
  });
  const address = app.server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
};

void main();
