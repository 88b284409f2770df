/** What the benchmarks share: start the product, wait for it, sign in through it, a direct token. */
import {
  execFile,
  execFileSync,
  spawn,
  type ChildProcess,
  type SpawnOptions,
} from 'node:child_process';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

export interface Cookies {
  cookie: string;
  csrf: string;
}

export async function waitFor(url: string, ms = 180_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not come up`);
}

/** Signs in through the server's login flow, as the web app does (CSRF cookie first). */
export async function login(base: string, user: string): Promise<Cookies> {
  const jar = new Map<string, string>();
  const take = (r: Response): void => {
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = (pair ?? '').split('=');
      if (k && v !== undefined) jar.set(k, v);
    }
  };
  const header = (): string => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  take(await fetch(`${base}auth/options/`));
  const csrf = jar.get('csrftoken') ?? '';
  const r = await fetch(`${base}auth/login/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-CSRFToken': csrf,
      'X-Requested-With': 'XMLHttpRequest',
      Cookie: header(),
    },
    body: JSON.stringify({ username: user, password: user, auth_type: 'credentials' }),
  });
  if (!r.ok) throw new Error(`login failed: ${r.status} ${await r.text()}`);
  take(r);
  return { cookie: header(), csrf: jar.get('csrftoken') ?? csrf };
}

/** A demo-project token straight from Keystone and the public RegionOne endpoint of `type`. */
export async function directToken(
  authUrl: string,
  type: string,
): Promise<{ token: string; endpoint: string }> {
  const r = await fetch(`${authUrl}/auth/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      auth: {
        identity: {
          methods: ['password'],
          password: { user: { name: 'demo', domain: { name: 'Default' }, password: 'demo' } },
        },
        scope: { project: { name: 'demo', domain: { name: 'Default' } } },
      },
    }),
  });
  const body = (await r.json()) as {
    token: {
      catalog: {
        type: string;
        endpoints: { interface: string; region_id: string; url: string }[];
      }[];
    };
  };
  const endpoint = body.token.catalog
    .find((s) => s.type === type)
    ?.endpoints.find((e) => e.interface === 'public' && e.region_id === 'RegionOne')?.url;
  if (!endpoint) throw new Error(`no ${type} endpoint`);
  return { token: r.headers.get('x-subject-token') ?? '', endpoint: endpoint.replace(/\/+$/, '') };
}

export interface Product {
  /** `tools/start.mjs`; the server itself is its child (see `serverPid`). */
  server: ChildProcess;
  cloud: ChildProcess;
  base: string;
  authUrl: string;
  dataDir: string;
  /** Waits until both the server and the demo cloud answer. */
  ready(): Promise<void>;
  stop(): void;
}

export interface ProductOptions {
  port: number;
  /** Prefix of the throwaway data directory under the system's tmpdir. */
  name: string;
  /**
   * An API-only benchmark needs no web app: a stub page keeps start.mjs from rebuilding
   * web/dist whenever a web source is newer (minutes of CPU on a shared machine).
   */
  stubWeb?: boolean;
  env?: NodeJS.ProcessEnv;
  /**
   * CPU lists (taskset syntax) for the demo cloud and for the server. Given, each runs on its
   * own cores, as a real cloud runs on machines of its own rather than beside the dashboard.
   */
  cpus?: { cloud: string; server: string };
}

/** `node script` as a child, on the given CPUs when a list is given (its children inherit it). */
function spawnNode(script: string, cpus: string | undefined, options: SpawnOptions): ChildProcess {
  return cpus === undefined
    ? spawn(process.execPath, [script], options)
    : spawn('taskset', ['-c', cpus, process.execPath, script], options);
}

/**
 * Moves every thread of this process (and so the children it starts after) to `cpus`. Node's
 * worker threads exist before any bench code runs, hence `-a`.
 */
export function pinSelf(cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
}

/**
 * The product as a user starts it (`tools/start.mjs`), on throwaway ports and data. The demo
 * cloud runs in its own process and the server is pointed at it with OS_AUTH_URL, as a real
 * cloud lives elsewhere: otherwise one process would serve both sides of every proxied call.
 */
export function startProduct(options: ProductOptions): Product {
  const root = join(import.meta.dirname, '..');
  const cloudPort = options.port + 200;
  const dataDir = mkdtempSync(join(tmpdir(), `${options.name}-`));
  const authUrl = `http://127.0.0.1:${cloudPort}/identity/v3`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(options.port),
    SKYDECK_LOG_LEVEL: 'warn',
    DEMO_CLOUD_PORT: String(cloudPort),
    DEMO_CLOUD_DATA_DIR: join(dataDir, 'cloud'),
  };
  if (options.stubWeb) {
    const webDist = join(dataDir, 'web');
    mkdirSync(webDist);
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>bench</title>');
    env.SKYDECK_WEB_DIST = webDist;
  }
  const cloud = spawnNode(join(root, 'tools', 'demo-cloud.mjs'), options.cpus?.cloud, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const server = spawnNode(join(root, 'tools', 'start.mjs'), options.cpus?.server, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, OS_AUTH_URL: authUrl, SKYDECK_REGIONS: 'RegionOne,RegionTwo', ...options.env },
  });
  return {
    server,
    cloud,
    base: `http://127.0.0.1:${options.port}/`,
    authUrl,
    dataDir,
    async ready() {
      await waitFor(`http://127.0.0.1:${options.port}/auth/options/`);
      await waitFor(authUrl);
    },
    stop() {
      server.kill('SIGTERM');
      cloud.kill('SIGTERM');
    },
  };
}

/** The process of `script` among the descendants of `ancestor` (start.mjs runs the server). */
export function findProcess(ancestor: number, script: string): number {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command name: state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parentOf.get(pid); p !== undefined && p > 1; p = parentOf.get(p)) {
      if (p === ancestor) return true;
    }
    return false;
  };
  for (const pid of parentOf.keys()) {
    if (!descends(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(script)) return pid;
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no process running ${script} under ${ancestor}`);
}

/** Resident memory of a process, in bytes (VmRSS). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** CPU seconds (user + system) a process has used; /proc counts in clock ticks of 1/100 s. */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** The machine, for a results section: cores, memory, Node and the load average now. */
export function machine(): string {
  const [one = 0, five = 0] = loadavg();
  return `${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${one.toFixed(1)} (1 min), ${five.toFixed(1)} (5 min)`;
}

/** Appends a Markdown section to bench/RESULTS.md. */
export function appendResults(section: string): void {
  const results = join(import.meta.dirname, 'RESULTS.md');
  if (!existsSync(results))
    writeFileSync(results, '# Benchmark results\n\nAppended by `npm run bench`.\n\n');
  appendFileSync(results, `${section}\n`);
}

/**
 * `count` users of their own (`bench-<n>`, password the same) with `role` on the demo
 * project, made through Keystone as admin: load from distinct users and sessions, not one.
 */
export async function createUsers(
  authUrl: string,
  count: number,
  role = 'member',
): Promise<string[]> {
  const admin = await fetch(`${authUrl}/auth/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      auth: {
        identity: {
          methods: ['password'],
          password: { user: { name: 'admin', domain: { name: 'Default' }, password: 'admin' } },
        },
        scope: { project: { name: 'admin', domain: { name: 'Default' } } },
      },
    }),
  });
  const token = admin.headers.get('x-subject-token') ?? '';
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${authUrl}/${path}`, {
      method,
      headers: { 'X-Auth-Token': token, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (r.status === 204 ? undefined : await r.json()) as T;
  };
  const idOf = async (kind: 'projects' | 'roles', name: string): Promise<string> => {
    const list = await call<Record<string, { id: string; name: string }[]>>(
      'GET',
      `${kind}?name=${name}`,
    );
    const id = list[kind]?.find((x) => x.name === name)?.id;
    if (!id) throw new Error(`no ${kind} named ${name}`);
    return id;
  };
  const project = await idOf('projects', 'demo');
  const roleId = await idOf('roles', role);
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = `bench-${i}`;
    const { user } = await call<{ user: { id: string } }>('POST', 'users', {
      user: { name, password: name, domain_id: 'default', default_project_id: project },
    });
    await call('PUT', `projects/${project}/users/${user.id}/roles/${roleId}`);
    names.push(name);
  }
  return names;
}

const CHUNK = 2 ** 20;
/** Generated upload bytes: distinct 1 MiB pieces cycled through, so a checksum proves order. */
export const GENERATED_PIECES = Array.from({ length: 16 }, (_, i) =>
  Buffer.alloc(CHUNK, i * 13 + 1),
);

export interface Timed {
  status: number;
  body: string;
  seconds: number;
  bytes: number;
}

/** Sends `size` generated bytes as the socket drains; reads the answer (counting its bytes). */
export function exchange(
  url: string,
  method: string,
  headers: Record<string, string>,
  size: number,
  keepBody = true,
): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = httpRequest(url, { method, headers });
    req.on('response', (res: IncomingMessage) => {
      let body = '';
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keepBody && body.length < 4096) body += chunk.toString('utf8');
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          bytes,
          seconds: Number(process.hrtime.bigint() - started) / 1e9,
        }),
      );
    });
    req.on('error', reject);
    sendGenerated(req, size);
  });
}

/**
 * A GET by curl into /dev/null: status, bytes and seconds as curl counts them. A native client,
 * as a browser's network stack is, where a Node client reading in this process costs about as
 * much CPU per GiB as the server it measures and competes with it for the same cores.
 */
export function curlGet(url: string, headers: Record<string, string>): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const args = ['-s', '-o', '/dev/null', '-w', '%{http_code} %{size_download} %{time_total}'];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    execFile('curl', [...args, url], (error, stdout) => {
      if (error) return reject(error);
      const [status = '0', bytes = '0', seconds = '0'] = stdout.trim().split(' ');
      resolve({ status: Number(status), bytes: Number(bytes), seconds: Number(seconds), body: '' });
    });
  });
}

/**
 * Writes `size` generated bytes (the pieces of GENERATED_PIECES in turn) as the socket
 * drains, then ends the request with `tail`.
 */
export function sendGenerated(req: ClientRequest, size: number, tail = ''): void {
  let sent = 0;
  let i = 0;
  const pump = (): void => {
    while (sent < size) {
      const chunk = GENERATED_PIECES[i++ % GENERATED_PIECES.length] as Buffer;
      const part = size - sent >= CHUNK ? chunk : chunk.subarray(0, size - sent);
      sent += part.length;
      if (!req.write(part)) {
        req.once('drain', pump);
        return;
      }
    }
    req.end(tail);
  };
  pump();
}
