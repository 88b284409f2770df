import { existsSync } from 'node:fs';
import type { CloudContext } from '../../core/service';
import type * as CinderModule from '../cinder/internal';
import type * as GlanceModule from '../glance/internal';
import type * as NeutronModule from '../neutron/internal';

/**
 * What Nova uses of Glance, Neutron and Cinder: their `internal.ts` modules (the agreed
 * cross-service API). Types come from the modules themselves; the code is loaded at run time and
 * only for services the cloud hosts, so Nova works (and seeds) without any of them: a missing
 * service means no image checks, no ports and no volumes.
 *
 * Loading at run time also keeps module cycles out: those modules may import nova/internal.ts
 * while Nova loads them.
 */

export type BootImage = GlanceModule.BootImage;
export type Port = NeutronModule.Port;
export type SecurityGroup = NeutronModule.SecurityGroup;

/** Members Nova would use that the agreed modules may not (yet) have. */
interface GlanceExtras {
  /** Lets the seed find the cirros image by name. */
  findImageByName?(ctx: CloudContext, name: string): { id: string } | null;
}

export type GlanceInternal = typeof GlanceModule & GlanceExtras;
export type NeutronInternal = typeof NeutronModule;
export type CinderInternal = typeof CinderModule;

export interface Dependencies {
  readonly glance: GlanceInternal | null;
  readonly neutron: NeutronInternal | null;
  readonly cinder: CinderInternal | null;
}

// Literal specifiers, so the server's bundle (tools/build-server.mjs) includes the modules.
const importers = {
  glance: () => import('../glance/internal'),
  neutron: () => import('../neutron/internal'),
  cinder: () => import('../cinder/internal'),
};

const load = async <T>(service: keyof typeof importers): Promise<T | null> => {
  // Existence first: a module that exists but fails to load is a bug to surface, not to hide.
  if (!existsSync(new URL(`../${service}/internal.ts`, import.meta.url))) return null;
  return (await importers[service]()) as T;
};

const loaded: Dependencies = {
  glance: await load<GlanceInternal>('glance'),
  neutron: await load<NeutronInternal>('neutron'),
  cinder: await load<CinderInternal>('cinder'),
};

/**
 * The other services' internal modules, for those this cloud hosts (a module may exist before
 * its service is added to the cloud, and then has no tables).
 */
export const deps = (ctx: CloudContext): Dependencies => {
  const hosted = (name: string): boolean => ctx.services.some((s) => s.name === name);
  return {
    glance: hosted('glance') ? loaded.glance : null,
    neutron: hosted('neutron') ? loaded.neutron : null,
    cinder: hosted('cinder') ? loaded.cinder : null,
  };
};
