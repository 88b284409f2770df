import type { Plugin } from 'vite';
import { tsImport } from 'tsx/esm/api';
import type { RouteSpec } from '@skydeck/contract';

export const ROUTES_MODULE = 'virtual:skydeck-routes';
const RESOLVED = `\0${ROUTES_MODULE}`;

/**
 * `virtual:skydeck-routes`: the contract's route table as the browser needs it, id → [method,
 * path]. The table itself holds TypeBox schemas (about 20 KB of library the login page cannot
 * afford), so the app imports the table's types and this generated, schema-free view of it.
 */
export function routePaths(): Plugin {
  return {
    name: 'skydeck-route-paths',
    resolveId: (id) => (id === ROUTES_MODULE ? RESOLVED : undefined),
    load: async (id) => {
      if (id !== RESOLVED) return undefined;
      // The contract is TypeScript source: the config loader (Node) cannot import it as it is.
      const { routeTable } = (await tsImport('@skydeck/contract', import.meta.url)) as {
        routeTable: Record<string, RouteSpec>;
      };
      const paths = Object.fromEntries(
        Object.entries(routeTable).map(([key, spec]) => [key, [spec.method, spec.path]]),
      );
      return `export const routePaths = ${JSON.stringify(paths)};\n`;
    },
  };
}
