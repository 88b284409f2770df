import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeTable } from '@skydeck/contract';
import { buildApp } from '../app';
import { loadConfig } from '../config/loadConfig';

/** Every route the app registers, as `METHOD path` under the web root. */
const registeredRoutes = async (webroot: string): Promise<string[]> => {
  const seen: string[] = [];
  const config = {
    ...loadConfig({ env: { SKYDECK_LOG_LEVEL: 'silent' } }),
    webroot,
    cloud: {
      authUrl: 'http://127.0.0.1:9/identity/v3',
      regions: ['RegionOne'],
      interface: 'public' as const,
      source: 'route table test',
    },
  };
  const onRoute = (route: RouteOptions): void => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') seen.push(`${method} ${route.url}`);
    }
  };
  const app = await buildApp(config, { logger: false, onRoute });
  await app.close();
  return seen;
};

const tableEntries = (webroot: string): string[] =>
  Object.values(routeTable).map((r) => `${r.method} ${webroot.replace(/\/$/, '')}${r.path}`);

describe('the contract route table', () => {
  for (const webroot of ['/', '/dashboard/']) {
    it(`has a handler for every entry and an entry for every /api and /auth route (${webroot})`, async () => {
      const registered = await registeredRoutes(webroot);
      const ours = registered.filter((r) => / \/(?:[^ ]*\/)?(?:api\/|auth\/|header\/$)/.test(r));
      const table = tableEntries(webroot);
      expect(ours.length).toBeGreaterThan(50);
      expect(table.filter((entry) => !registered.includes(entry))).toEqual([]);
      expect(ours.filter((entry) => !table.includes(entry))).toEqual([]);
      expect(new Set(table).size).toBe(table.length);
    });
  }

  it('declares paths under /api/ or /auth/ (or header/, spec 1 §7) with params named as the path says', () => {
    for (const [id, spec] of Object.entries(routeTable)) {
      expect(spec.path, id).toMatch(/^\/(api\/|auth\/|header\/$)/);
      const names = [...spec.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]);
      const declared = 'params' in spec ? Object.keys(spec.params.properties) : [];
      expect(declared.sort(), id).toEqual(names.sort());
    }
  });
});
