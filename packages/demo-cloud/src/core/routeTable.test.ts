import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installFaultHandling } from './faults';
import { createRouteTable, installRouteTable, patternToRegExp } from './routeTable';

describe('patternToRegExp', () => {
  it('matches parameters within one segment and ignores a trailing slash', () => {
    const pattern = patternToRegExp('/compute/v2.1/flavors/:id/os-extra_specs/:key');
    expect(pattern.test('/compute/v2.1/flavors/1/os-extra_specs/hw:cpu')).toBe(true);
    expect(pattern.test('/compute/v2.1/flavors/1/os-extra_specs/hw:cpu/')).toBe(true);
    expect(pattern.test('/compute/v2.1/flavors/1/os-extra_specs')).toBe(false);
    expect(pattern.test('/compute/v2x1/flavors/1/os-extra_specs/k')).toBe(false);
  });

  it('honours a parameter regex', () => {
    const pattern = patternToRegExp('/things/:id(^\\d+$)');
    expect(pattern.test('/things/12')).toBe(true);
    expect(pattern.test('/things/ab')).toBe(false);
  });
});

describe('createRouteTable', () => {
  it('unites the methods of every pattern a path matches; catch-alls do not count', () => {
    const table = createRouteTable();
    table.add(['GET', 'HEAD'], '/v2/images/:id');
    table.add('patch', '/v2/images/:id');
    table.add('POST', '/v2/images');
    table.add('OPTIONS', '*');
    expect(table.methodsAt('/v2/images/abc')).toEqual(['GET', 'HEAD', 'PATCH']);
    expect(table.methodsAt('/v2/images')).toEqual(['POST']);
    expect(table.methodsAt('/v2/nothing')).toEqual([]);
  });
});

describe('not-found handling with a route table', () => {
  it('answers a routed path asked with another method as the service says', async () => {
    const app = Fastify();
    installRouteTable(app);
    await app.register(
      async (scope) => {
        installFaultHandling(scope, {
          render: (status, message) => ({ status, message }),
          notFoundMessage: 'nope',
          internalErrorMessage: 'oops',
          malformedBodyMessage: 'bad',
          methodNotAllowed: (request, allowed) =>
            request.url.endsWith('/quiet')
              ? undefined
              : { status: 405, body: { allowed }, headers: { Allow: allowed.join(', ') } },
        });
        scope.get('/things/:id', async () => ({}));
        scope.delete('/things/:id', async () => ({}));
        scope.get('/quiet', async () => ({}));
      },
      { prefix: '/svc' },
    );
    const wrong = await app.inject({ method: 'PUT', url: '/svc/things/1?x=1' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers['allow']).toBe('DELETE, GET, HEAD');
    expect(wrong.json()).toEqual({ allowed: ['DELETE', 'GET', 'HEAD'] });
    const unknown = await app.inject({ method: 'GET', url: '/svc/other' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 404, message: 'nope' });
    const declined = await app.inject({ method: 'POST', url: '/svc/quiet' });
    expect(declined.statusCode).toBe(404);
    await app.close();
  });
});
