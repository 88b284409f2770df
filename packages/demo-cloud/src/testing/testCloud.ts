import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startDemoCloud } from '../start';
import type { DemoCloudOptions, RunningDemoCloud } from '../options';

export interface ApiResponse<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

export interface RequestOptions {
  readonly token?: string;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  /** Shorthand for `OpenStack-API-Version: compute <v>`. */
  readonly microversion?: string;
}

export interface TestCloud {
  readonly url: string;
  readonly authUrl: string;
  readonly dataDir: string;
  /** Plain HTTP against the running cloud, JSON in and out. */
  request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  /** Password login; returns the token and its body. */
  login(
    user: string,
    project?: string,
    password?: string,
  ): Promise<{ token: string; body: TokenBody }>;
  /** A token for a seeded user scoped to a project (cached per cloud start). */
  token(user: string, project?: string): Promise<string>;
  /** Stops and starts again on the same data directory (a new port). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TokenBody {
  token: {
    methods: string[];
    user: { id: string; name: string; domain: { id: string; name: string } };
    project?: { id: string; name: string; domain: { id: string; name: string } };
    roles?: Array<{ id: string; name: string }>;
    catalog?: Array<{
      type: string;
      name: string;
      endpoints: Array<{ interface: string; region_id: string; url: string }>;
    }>;
    expires_at: string;
    issued_at: string;
    audit_ids: string[];
    is_domain?: boolean;
  };
}

export const startTestCloud = async (
  options: Partial<DemoCloudOptions> = {},
): Promise<TestCloud> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-cloud-test-'));
  let running: RunningDemoCloud = await startDemoCloud({ dataDir, ...options });
  const tokens = new Map<string, string>();

  const request = async <T>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (opts.token) headers['X-Auth-Token'] = opts.token;
    if (opts.microversion) headers['OpenStack-API-Version'] = `compute ${opts.microversion}`;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : {}) as T,
    };
  };

  const login: TestCloud['login'] = async (user, project, password = user) => {
    const response = await request<TokenBody>('POST', '/identity/v3/auth/tokens', {
      body: {
        auth: {
          identity: {
            methods: ['password'],
            password: { user: { name: user, domain: { id: 'default' }, password } },
          },
          ...(project ? { scope: { project: { name: project, domain: { id: 'default' } } } } : {}),
        },
      },
    });
    const token = response.headers.get('x-subject-token');
    if (response.status !== 201 || !token) {
      throw new Error(
        `login ${user}/${project ?? '-'} failed: ${response.status} ${JSON.stringify(response.body)}`,
      );
    }
    return { token, body: response.body };
  };

  return {
    get url() {
      return running.url;
    },
    get authUrl() {
      return running.authUrl;
    },
    dataDir,
    request,
    login,
    token: async (user, project) => {
      const key = `${user}@${project ?? ''}`;
      let token = tokens.get(key);
      if (!token) {
        token = (await login(user, project)).token;
        tokens.set(key, token);
      }
      return token;
    },
    restart: async () => {
      await running.close();
      running = await startDemoCloud({ dataDir, ...options, reset: false });
    },
    close: async () => {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** One cloud per test file: started before its tests, removed after. */
export const useTestCloud = (options: Partial<DemoCloudOptions> = {}): (() => TestCloud) => {
  let cloud: TestCloud | undefined;
  beforeAll(async () => {
    cloud = await startTestCloud(options);
  });
  afterAll(async () => {
    await cloud?.close();
  });
  return () => {
    if (!cloud) throw new Error('test cloud not started');
    return cloud;
  };
};
