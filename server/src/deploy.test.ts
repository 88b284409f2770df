import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '@skydeck/contract';
import { startDemoCloud, type RunningDemoCloud } from '@skydeck/demo-cloud';
import { SESSION_COOKIE } from './plugins/session';
import { freePort } from './testing/freePort';
import { redisAvailable, startRedisServer, type RedisServer } from './testing/redisServer';

// The production shape with real parts (issue 8 §5): nginx terminating TLS with the shipped
// deploy/nginx/skydeck.conf in front of two Skydeck processes sharing sessions through a real
// redis-server. Only the addresses, the certificate and one response header naming the replica
// (so the test can see the round robin) are changed in the shipped file.

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const SHIPPED_CONF = fileURLToPath(new URL('../../deploy/nginx/skydeck.conf', import.meta.url));

/** nginx lives in /usr/sbin on Debian, which is not on a normal user's PATH. */
const nginxBinary = ((): string | undefined =>
  [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin']
    .map((dir) => join(dir, 'nginx'))
    .find((path) => existsSync(path)))();
const opensslAvailable = spawnSync('openssl', ['version']).status === 0;
// In CI (tools/ensure-test-deps.mjs installs nginx and redis-server) a missing part fails.
const runs = process.env.CI === 'true' || (!!nginxBinary && opensslAvailable && redisAvailable());
if (!runs) {
  console.warn(
    'deploy.test.ts skipped: it needs nginx, openssl and redis-server (apt-get install nginx openssl redis-server)',
  );
}

const waitForPort = async (port: number): Promise<void> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(socket.end() !== undefined));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let dir: string;
let cloud: RunningDemoCloud | undefined;
let authUrl: string;
let redis: RedisServer;
let nginx: ChildProcess | undefined;
let tlsPort: number;
/** The plain-http server of the file, which only redirects to https. */
let httpPort: number;
let origin: string;
let ca: Buffer;

/** One Skydeck process on a fixed port (so nginx's upstream keeps pointing at it on restart). */
interface Replica {
  port: number;
  child?: ChildProcess;
  output: string;
}
const replicas: Replica[] = [];

const startReplica = async (replica: Replica): Promise<void> => {
  replica.output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(replica.port),
      OS_CLOUD: '',
      OS_AUTH_URL: authUrl,
      SKYDECK_CONFIG: '',
      SKYDECK_LOG_LEVEL: 'warn',
      SKYDECK_WEB_DIST: join(dir, 'web'),
      SKYDECK_SESSION_STORE: 'redis',
      SKYDECK_REDIS_URL: redis.url,
      // nginx connects from loopback: only it may set X-Forwarded-*; cookies are Secure
      // because of its X-Forwarded-Proto (auto), which proves the trust works.
      SKYDECK_TRUST_PROXY: '127.0.0.1',
      SKYDECK_SECURE_COOKIES: 'auto',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  replica.child = child;
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (replica.output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: string) => {
      replica.output += chunk;
      if (replica.output.includes('Skydeck is running at')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`replica ${replica.port} exited (${code}): ${replica.output}`)),
    );
  });
};

const stopReplica = async (replica: Replica, signal: NodeJS.Signals): Promise<void> => {
  const child = replica.child;
  replica.child = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
};

/** The shipped file with this test's addresses; fails loudly when the file changes shape. */
const testConfig = (): string => {
  let text = readFileSync(SHIPPED_CONF, 'utf8');
  const swap = (from: string, to: string): void => {
    if (!text.includes(from)) throw new Error(`deploy/nginx/skydeck.conf no longer has "${from}"`);
    text = text.replaceAll(from, to);
  };
  const [a, b] = replicas;
  swap('server 127.0.0.1:9001 ', `server 127.0.0.1:${a?.port} `);
  swap('server 127.0.0.1:9002 ', `server 127.0.0.1:${b?.port} `);
  swap('listen 80;\n    listen [::]:80;', `listen 127.0.0.1:${httpPort};`);
  swap('listen 443 ssl http2;\n    listen [::]:443 ssl http2;', `listen 127.0.0.1:${tlsPort} ssl;`);
  swap('/etc/ssl/skydeck/fullchain.pem', join(dir, 'cert.pem'));
  swap('/etc/ssl/skydeck/privkey.pem', join(dir, 'key.pem'));
  swap(
    'proxy_pass http://skydeck;',
    'proxy_pass http://skydeck;\n        add_header X-Test-Upstream $upstream_addr always;',
  );
  return text;
};

/** nginx's own file around the shipped one: everything under the test's directory. */
const mainConfig = (): string => `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include ${dir}/skydeck.conf;
}
`;

/** An https request to nginx, trusting only the test's certificate. */
const call = (
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: '127.0.0.1', port: tlsPort, path, method, headers, ca, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const cookiesOf = (answer: Answer): Map<string, string> =>
  new Map(
    (answer.headers['set-cookie'] ?? []).map((line) => {
      const [pair = ''] = line.split(';', 1);
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );

interface Signed {
  login: Answer;
  /** cookie, X-CSRFToken and Origin, as the web app's requests carry them. */
  headers: Record<string, string>;
}

const signIn = async (user: string): Promise<Signed> => {
  const options = await call('GET', '/auth/options/');
  const jar = cookiesOf(options);
  const login = await call(
    'POST',
    '/auth/login/',
    {
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrftoken': jar.get(CSRF_COOKIE) ?? '',
      'content-type': 'application/json',
      origin,
    },
    JSON.stringify({ username: user, password: user }),
  );
  const set = cookiesOf(login);
  const csrf = set.get(CSRF_COOKIE) ?? '';
  return {
    login,
    headers: {
      cookie: `${SESSION_COOKIE}=${set.get(SESSION_COOKIE) ?? ''}; ${CSRF_COOKIE}=${csrf}`,
      'x-csrftoken': csrf,
      'x-requested-with': 'XMLHttpRequest',
      origin,
    },
  };
};

/** The process that answered: $upstream_addr lists every one tried, the last answered. */
const upstreamOf = (answer: Answer): string =>
  String(answer.headers['x-test-upstream'] ?? '')
    .split(', ')
    .at(-1) ?? '';

beforeAll(async () => {
  if (!runs) return;
  dir = await mkdtemp(join(tmpdir(), 'skydeck-deploy-'));
  await mkdir(join(dir, 'web'));
  await mkdir(join(dir, 'tmp'));
  await writeFile(join(dir, 'web', 'index.html'), '<!doctype html><title>Skydeck</title>');
  const cert = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-nodes',
      '-days',
      '1',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  );
  if (cert.status !== 0) throw new Error(`openssl: ${cert.stderr}`);
  ca = readFileSync(join(dir, 'cert.pem'));
  const cloudPort = await freePort();
  authUrl = `http://127.0.0.1:${cloudPort}/identity/v3`;
  tlsPort = await freePort();
  httpPort = await freePort();
  origin = `https://127.0.0.1:${tlsPort}`;
  for (let i = 0; i < 2; i += 1) replicas.push({ port: await freePort(), output: '' });
  // The processes need Redis at start, the cloud only at the first sign-in: start it alongside.
  const cloudStarted = startDemoCloud({ dataDir: join(dir, 'cloud'), port: cloudPort });
  redis = await startRedisServer();
  await Promise.all([...replicas.map(startReplica), cloudStarted.then((c) => (cloud = c))]);
  await writeFile(join(dir, 'skydeck.conf'), testConfig());
  await writeFile(join(dir, 'nginx.conf'), mainConfig());
  let nginxOutput = '';
  nginx = spawn(
    nginxBinary ?? 'nginx',
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    nginx?.once('exit', (code) => reject(new Error(`nginx exited (${code}): ${nginxOutput}`))),
  );
  await Promise.race([waitForPort(tlsPort), exited]);
}, 120_000);

afterAll(async () => {
  if (!runs) return;
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx?.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await Promise.all(replicas.map((r) => stopReplica(r, 'SIGTERM')));
  await redis?.stop();
  await cloud?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!runs)('nginx + TLS + two replicas + Redis (deploy/nginx/skydeck.conf)', () => {
  let demo: Signed;

  it('signs in over https; cookies are Secure, HttpOnly where secret, SameSite; HSTS is sent', async () => {
    demo = await signIn('demo');
    expect(demo.login.status).toBe(200);
    const cookies = demo.login.headers['set-cookie'] ?? [];
    const session = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    const csrf = cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`)) ?? '';
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    // The page reads the CSRF token, so it is not HttpOnly, but it is Secure all the same.
    expect(csrf).toMatch(/;\s*Secure/i);
    expect(csrf).toMatch(/;\s*SameSite=Lax/i);
    expect(demo.login.headers['strict-transport-security']).toBe('max-age=31536000');
    // nginx's request id is the one Skydeck uses (trusted proxy), with the req- prefix.
    expect(demo.login.headers['x-request-id']).toMatch(/^req-[0-9a-f-]{32,36}$/);
  });

  it('sends plain http to https', async () => {
    const answer = await fetch(`http://127.0.0.1:${httpPort}/project/images?x=1`, {
      redirect: 'manual',
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('https://127.0.0.1/project/images?x=1');
  });

  it('alternates requests between both replicas, and the session holds on each', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const answer = await call('GET', '/api/nova/keypairs/', demo.headers);
      expect(answer.status).toBe(200);
      seen.add(upstreamOf(answer));
    }
    expect([...seen].sort()).toEqual(replicas.map((r) => `127.0.0.1:${r.port}`).sort());
  });

  it('checks CSRF over TLS: our origin with the token passes, another origin or no token does not', async () => {
    const create = (name: string, headers: Record<string, string>): Promise<Answer> =>
      call(
        'POST',
        '/api/nova/servergroups/',
        { ...headers, 'content-type': 'application/json' },
        JSON.stringify({ name, policy: 'affinity' }),
      );
    const made = await create('tls-ok', demo.headers);
    expect(made.status).toBe(201);
    expect(
      (await create('tls-foreign', { ...demo.headers, origin: 'https://evil.example' })).status,
    ).toBe(403);
    // The browser's own address over plain http is another origin than the https one.
    expect(
      (await create('tls-http', { ...demo.headers, origin: `http://127.0.0.1:${tlsPort}` })).status,
    ).toBe(403);
    const { 'x-csrftoken': _token, ...noToken } = demo.headers;
    expect((await create('tls-no-token', noToken)).status).toBe(403);
    const id = (JSON.parse(made.body) as { id: string }).id;
    expect((await call('DELETE', `/api/nova/servergroups/${id}/`, demo.headers)).status).toBe(204);
  });

  it('streams an image upload through nginx (the server has it before the body ends)', async () => {
    const size = 8 * 2 ** 20; // over nginx's default 1 MiB body cap
    const name = 'through-nginx';
    const boundary = 'skydeck-deploy-test';
    const head = [
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="disk_format"\r\n\r\nraw\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="container_format"\r\n\r\nbare\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="data_size"\r\n\r\n${size}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="disk.raw"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ].join('');
    const tail = `\r\n--${boundary}--\r\n`;
    const chunk = Buffer.alloc(2 ** 20, 7);
    let finish: () => void = () => undefined;
    const answered = new Promise<Answer>((resolve, reject) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port: tlsPort,
          path: '/api/glance/images/',
          method: 'POST',
          ca,
          agent: false,
          headers: {
            ...demo.headers,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(Buffer.byteLength(head) + size + Buffer.byteLength(tail)),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
          );
        },
      );
      req.on('error', reject);
      req.write(head);
      req.write(chunk);
      finish = () => {
        for (let sent = chunk.length; sent < size; sent += chunk.length) req.write(chunk);
        req.end(tail);
      };
    });
    // With request buffering nginx would hold the body until its end: the image could not
    // exist yet. Streamed, Skydeck has created it and is sending the first MiB to Glance.
    const deadline = Date.now() + 10_000;
    let listed = false;
    while (!listed && Date.now() < deadline) {
      const images = await call('GET', `/api/glance/images/?name=${name}`, demo.headers);
      listed = images.body.includes(`"${name}"`);
      if (!listed) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(listed).toBe(true);
    finish();
    const answer = await answered;
    expect(answer.status, answer.body).toBe(201);
    const image = JSON.parse(answer.body) as { id: string };
    const stored = await call('GET', `/api/glance/images/${image.id}/`, demo.headers);
    expect(JSON.parse(stored.body)).toMatchObject({ size, status: 'active' });
    await call('DELETE', `/api/glance/images/${image.id}/`, demo.headers);
  });

  it('keeps the user signed in when a replica dies, and through a rolling restart of both', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const servedBy = async (): Promise<string> => {
      const answer = await call('GET', '/api/nova/flavors/', demo.headers);
      expect(answer.status).toBe(200);
      return upstreamOf(answer);
    };
    const onlyServedBy = async (replica: Replica): Promise<void> => {
      for (let i = 0; i < 4; i += 1) expect(await servedBy()).toBe(`127.0.0.1:${replica.port}`);
    };
    /** nginx tries a failed process again after fail_timeout (5 s): until then the other serves. */
    const servesAgain = async (replica: Replica): Promise<void> => {
      const deadline = Date.now() + 15_000;
      while ((await servedBy()) !== `127.0.0.1:${replica.port}`) {
        if (Date.now() > deadline) throw new Error(`nginx never sent a request to ${replica.port}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };

    await stopReplica(a, 'SIGKILL');
    await onlyServedBy(b);
    // A post too: the dead process refuses the connection, so nginx sends it to the other.
    const made = await call(
      'POST',
      '/api/nova/servergroups/',
      { ...demo.headers, 'content-type': 'application/json' },
      JSON.stringify({ name: 'after-kill', policy: 'anti-affinity' }),
    );
    expect(made.status).toBe(201);

    await startReplica(a);
    await servesAgain(a);
    await stopReplica(b, 'SIGKILL');
    // a is a new process: the session it serves comes from Redis.
    await onlyServedBy(a);
    await startReplica(b);
    await servesAgain(b);
    const id = (JSON.parse(made.body) as { id: string }).id;
    expect((await call('DELETE', `/api/nova/servergroups/${id}/`, demo.headers)).status).toBe(204);
  }, 60_000);
});
