import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';

/**
 * Every route's methods by URL pattern, so a not-found handler can tell "no such path" from "a
 * path this service routes, asked with another method" (which most services answer with 405).
 */
export interface RouteTable {
  add(method: HTTPMethods | readonly HTTPMethods[], url: string): void;
  /** The methods routed for a concrete path (no query string), sorted; empty for an unknown path. */
  methodsAt(path: string): string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteTable;
  }
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** find-my-way's parametric patterns as the services write them: `:param`, `:param(regex)`. */
export const patternToRegExp = (url: string): RegExp => {
  let source = '';
  let rest = trimSlash(url);
  while (rest.length > 0) {
    const param = /^:[A-Za-z0-9_]+(\((?:\\.|[^)])*\))?/.exec(rest);
    if (param) {
      const custom = param[1];
      source += custom
        ? `(?:${custom.slice(1, -1).replace(/^\^/, '').replace(/\$$/, '')})`
        : '[^/]+';
      rest = rest.slice(param[0].length);
    } else {
      source += escapeRegExp(rest[0] ?? '');
      rest = rest.slice(1);
    }
  }
  return new RegExp(`^${source}/?$`);
};

export const createRouteTable = (): RouteTable => {
  const routes: Array<{ pattern: RegExp; methods: readonly string[] }> = [];
  return {
    add(method, url) {
      // A catch-all (CORS preflight, swift's account tree) does not make every path known.
      if (url.includes('*')) return;
      routes.push({
        pattern: patternToRegExp(url),
        methods: (typeof method === 'string' ? [method] : [...method]).map((m) => m.toUpperCase()),
      });
    },
    methodsAt(path) {
      const found = new Set<string>();
      for (const route of routes) {
        if (route.pattern.test(path)) for (const method of route.methods) found.add(method);
      }
      return [...found].sort();
    },
  };
};

/** Records every route registered from here on (child scopes included) in `app.routeTable`. */
export const installRouteTable = (app: FastifyInstance): void => {
  const table = createRouteTable();
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    table.add(route.method, route.url ?? route.path);
  });
};

/** The request's path as sent, without the query string. */
export const requestPath = (request: FastifyRequest): string => {
  const url = request.raw.url ?? request.url;
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/** The methods routed for the request's path; empty when the path itself is unknown. */
export const routedMethods = (request: FastifyRequest): string[] =>
  request.server.routeTable.methodsAt(requestPath(request));
