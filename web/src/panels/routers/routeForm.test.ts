import { describe, expect, it } from 'vitest';
import { ROUTE_MESSAGES, routeErrors } from './routeForm';

const router = { routes: [{ destination: '172.16.0.0/24', nexthop: '10.0.0.5' }] };

describe('routeErrors', () => {
  it('needs a CIDR and an address of the same family', () => {
    expect(routeErrors({ destination: '', nexthop: '' }, router)).toEqual({
      destination: ROUTE_MESSAGES.required,
      nexthop: ROUTE_MESSAGES.required,
    });
    expect(routeErrors({ destination: '172.17.0.0', nexthop: '10.0.0.x' }, router)).toEqual({
      destination: ROUTE_MESSAGES.destination,
      nexthop: ROUTE_MESSAGES.nexthop,
    });
    expect(routeErrors({ destination: '2001:db8::/64', nexthop: '10.0.0.5' }, router)).toEqual({
      nexthop: ROUTE_MESSAGES.family,
    });
    expect(routeErrors({ destination: '172.17.0.0/24', nexthop: '10.0.0.5' }, router)).toEqual({});
  });

  it('refuses a route the router has already', () => {
    expect(routeErrors({ destination: '172.16.0.0/24', nexthop: '10.0.0.5' }, router)).toEqual({
      destination: ROUTE_MESSAGES.duplicate,
    });
  });
});
