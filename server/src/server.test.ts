import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '@skydeck/contract';
import { SESSION_COOKIE } from './plugins/session';

// The server as `npm start` runs it, in its own process: the bug this guards against stopped
// the process (an uncaught error closed the listener and exited), which inject() cannot show.
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

let child: ChildProcess;
let base: string;
let dataDir: string;
let output = '';

const cookiesOf = (response: Response): Record<string, string> =>
  Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';', 1);
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );

/** Signs in over HTTP as the login page does; the headers the web app then sends. */
const signIn = async (user: string): Promise<Record<string, string>> => {
  const options = await fetch(`${base}/auth/options/`);
  const page = cookiesOf(options);
  const first = page[CSRF_COOKIE] ?? '';
  const login = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: {
      // The token is bound to the pre-session id the login page set (plugins/csrf.ts).
      cookie: Object.entries(page)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
      'x-csrftoken': first,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ username: user, password: user }),
  });
  expect(login.status).toBe(200);
  const cookies = cookiesOf(login);
  const csrf = cookies[CSRF_COOKIE] ?? '';
  return {
    cookie: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE] ?? ''}; ${CSRF_COOKIE}=${csrf}`,
    'x-csrftoken': csrf,
    'x-requested-with': 'XMLHttpRequest',
  };
};

/** The legacy upload form with a `data_size` that does not match its 4-byte file. */
const crashBody = (declared: number): string =>
  [
    '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\ncrash\r\n',
    '--x\r\nContent-Disposition: form-data; name="disk_format"\r\n\r\nraw\r\n',
    `--x\r\nContent-Disposition: form-data; name="data_size"\r\n\r\n${declared}\r\n`,
    '--x\r\nContent-Disposition: form-data; name="data"; filename="a"\r\n\r\nAAAA\r\n',
    '--x--\r\n',
  ].join('');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'skydeck-server-process-'));
  child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DEMO_CLOUD_DATA_DIR: dataDir,
      SKYDECK_LOG_LEVEL: 'warn',
      OS_CLOUD: '',
      OS_AUTH_URL: '',
      SKYDECK_CONFIG: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (output += chunk));
  base = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const running = /Skydeck is running at (http:\/\/[^/\s]+)\//.exec(output);
      if (running?.[1]) resolve(running[1]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
}, 60_000);

afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('answers an upload whose data_size lies with 400 and keeps serving everyone', async () => {
    const admin = await signIn('admin');
    const demo = await signIn('demo');
    for (const declared of [999, 2]) {
      const response = await fetch(`${base}/api/glance/images/`, {
        method: 'POST',
        headers: { ...demo, 'content-type': 'multipart/form-data; boundary=x' },
        body: crashBody(declared),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: `The file is ${declared > 4 ? 'shorter' : 'longer'} than its declared size (data_size)`,
      });
    }

    // Give a closing server time to show it: it used to stop listening within a second.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(child.exitCode).toBeNull();
    expect(output).not.toMatch(/closing after an error|uncaught exception/);

    // A user signed in before, a new sign-in, and a page without a session all still work.
    const flavors = await fetch(`${base}/api/nova/flavors/`, { headers: admin });
    expect(flavors.status).toBe(200);
    const reader = await signIn('reader');
    expect((await fetch(`${base}/api/settings/`, { headers: reader })).status).toBe(200);
    expect((await fetch(`${base}/auth/options/`)).status).toBe(200);
    // No half-made image is left behind by the refused uploads.
    const images = await fetch(`${base}/api/glance/images/`, { headers: demo });
    expect(JSON.stringify(await images.json())).not.toContain('"crash"');
  }, 30_000);
});
