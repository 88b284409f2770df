import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/useTestApp';

/** Every /api route with a path parameter, as the app registers it. */
const routes: Array<{ method: string; url: string }> = [];
const onRoute = (route: RouteOptions): void => {
  for (const method of [route.method].flat()) {
    if (method !== 'HEAD' && route.url.includes('/api/') && route.url.includes('/:')) {
      routes.push({ method, url: route.url });
    }
  }
};

const { t, admin } = useTestApp(['admin'], { app: { onRoute } });
let port: number;

beforeAll(async () => {
  // A real socket: inject() (like a browser) resolves dot segments before the router sees them,
  // while a hand-made request sends them as they are.
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});

/** One request with its path sent exactly as given; the status and body of the answer. */
const send = (
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });

/**
 * `.` and `..` in every spelling the router hands to a handler as the same decoded value. A URL
 * parser treats them as dot segments, so an id like this would reach another resource upstream
 * (`/flavors/..` is the flavor list) unless it is refused first.
 */
const DOT_IDS = ['.', '..', '%2e', '%2E', '%2e%2e', '%2E%2e', '.%2e', '%2e.'];

/** The route's path with `param` set to `value` and every other parameter to a harmless id. */
const pathWith = (url: string, param: string, value: string): string =>
  url.replace(/:(\w+)/g, (_match, name: string) => (name === param ? value : 'x'));

describe('ids that are dot segments', () => {
  it('answer 400 or 404 on every /api route with a path parameter, never 500', async () => {
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of routes) {
      for (const param of [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '')) {
        for (const id of DOT_IDS) {
          const url = pathWith(route.url, param, id);
          const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
          const streamed = url.endsWith('/file/');
          const response = !hasBody
            ? await send(route.method, url, admin.headers)
            : streamed
              ? await send(
                  route.method,
                  url,
                  {
                    ...admin.headers,
                    'content-type': 'application/octet-stream',
                  },
                  'AAAA',
                )
              : await send(
                  route.method,
                  url,
                  {
                    ...admin.headers,
                    'content-type': 'application/json',
                  },
                  '{}',
                );
          if (![400, 404].includes(response.status)) {
            failures.push(
              `${route.method} ${url}: ${response.status} ${response.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
