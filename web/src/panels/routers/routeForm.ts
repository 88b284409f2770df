import type { Router } from '@skydeck/contract';
import { parseCidr, parseIp } from '@skydeck/contract/subnetRules';
import { msg, type Msg } from '../../i18n/msg';

/** A static route (extraroute): where to, and through which address. */
type HostRoute = Router['routes'][number];

// Add Static Route's checks, before Neutron sees them.

export const ROUTE_MESSAGES = {
  required: msg('This field is required.'),
  destination: msg('Enter a CIDR such as 192.168.0.0/24 or 2001:db8::/64.'),
  nexthop: msg('Enter an IP address such as 10.0.0.5.'),
  family: msg('The next hop must be of the same IP version as the destination.'),
  duplicate: msg('The router already has this route.'),
} as const;

export function routeErrors(
  value: HostRoute,
  router: Pick<Router, 'routes'>,
): Partial<Record<keyof HostRoute, Msg>> {
  const errors: Partial<Record<keyof HostRoute, Msg>> = {};
  const cidr = parseCidr(value.destination);
  const hop = parseIp(value.nexthop.trim());
  if (value.destination.trim() === '') errors.destination = ROUTE_MESSAGES.required;
  else if (!cidr) errors.destination = ROUTE_MESSAGES.destination;
  if (value.nexthop.trim() === '') errors.nexthop = ROUTE_MESSAGES.required;
  else if (!hop) errors.nexthop = ROUTE_MESSAGES.nexthop;
  else if (cidr && cidr.version !== hop.version) errors.nexthop = ROUTE_MESSAGES.family;
  if (
    Object.keys(errors).length === 0 &&
    router.routes.some(
      (r) => r.destination === value.destination.trim() && r.nexthop === value.nexthop.trim(),
    )
  ) {
    errors.destination = ROUTE_MESSAGES.duplicate;
  }
  return errors;
}
