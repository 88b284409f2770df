import type { FlavorCreateBody, FlavorUpdateBody } from '@skydeck/contract';
import type { FlavorCreate, NormalizedFlavor, NovaClient } from '@skydeck/openstack-client';
import type { ServiceLog } from '../log';

/** The part of the Nova client these workflows use (a fake in unit tests). */
export type FlavorNova = Pick<NovaClient, 'flavors'>;

/** A flavor as a workflow left it, with the projects that may use it when it is private. */
export interface FlavorOutcome {
  flavor: NormalizedFlavor;
  /** Absent for a public flavor (Nova keeps no access list for those). */
  access?: string[];
}

/** From 2.61 Nova lists extra specs inline; older clouds need one call per flavor. */
export const extrasOf = async (
  nova: FlavorNova,
  flavor: NormalizedFlavor,
): Promise<Record<string, string>> =>
  flavor.extra_specs ?? (await nova.flavors.getExtraSpecs(flavor.id));

export const accessOf = async (nova: FlavorNova, flavor: NormalizedFlavor): Promise<string[]> =>
  // Nova has no access list for public flavors (it answers 404).
  flavor['os-flavor-access:is_public']
    ? []
    : (await nova.flavors.listAccess(flavor.id)).map((a) => a.tenant_id);

const createBody = (fields: FlavorUpdateBody, id: string | undefined): FlavorCreate => {
  const body: FlavorCreate = {
    name: fields.name,
    ram: fields.ram,
    vcpus: fields.vcpus,
    disk: fields.disk,
    'OS-FLV-EXT-DATA:ephemeral': fields.ephemeral,
    swap: fields.swap,
    'os-flavor-access:is_public': fields.is_public,
  };
  if (id !== undefined && id !== 'auto') body.id = id;
  if (fields.rxtx_factor !== undefined) body.rxtx_factor = fields.rxtx_factor;
  // An empty description is no description; only a real one needs microversion 2.55.
  if (fields.description) body.description = fields.description;
  return body;
};

const flavorFields = (flavor: NormalizedFlavor): FlavorUpdateBody => ({
  name: flavor.name,
  vcpus: flavor.vcpus,
  ram: flavor.ram,
  disk: flavor.disk,
  ephemeral: flavor['OS-FLV-EXT-DATA:ephemeral'],
  swap: flavor.swap,
  rxtx_factor: flavor.rxtx_factor,
  is_public: flavor['os-flavor-access:is_public'],
  description: flavor.description ?? null,
});

/** Anything but the description needs the flavor re-created (Nova flavors are immutable). */
export const needsRecreate = (old: NormalizedFlavor, next: FlavorUpdateBody): boolean =>
  old.name !== next.name ||
  old.vcpus !== next.vcpus ||
  old.ram !== next.ram ||
  old.disk !== next.disk ||
  old['OS-FLV-EXT-DATA:ephemeral'] !== next.ephemeral ||
  old.swap !== next.swap ||
  old['os-flavor-access:is_public'] !== next.is_public ||
  (next.rxtx_factor !== undefined && old.rxtx_factor !== next.rxtx_factor);

const grantAccess = async (nova: FlavorNova, id: string, projects: readonly string[]) => {
  for (const project of new Set(projects)) await nova.flavors.addAccess(id, project);
};

const outcome = (flavor: NormalizedFlavor, isPublic: boolean, access: readonly string[]) =>
  isPublic ? { flavor } : { flavor, access: [...new Set(access)] };

/**
 * Create a flavor and, when it is private, grant the given projects access. If a grant fails
 * the flavor is deleted again: a private flavor nobody intended can use is worse than none.
 */
export const createFlavor = async (
  nova: FlavorNova,
  body: FlavorCreateBody,
): Promise<FlavorOutcome> => {
  const created = await nova.flavors.create(createBody(body, body.id));
  const access = body.is_public ? [] : (body.flavor_access ?? []);
  try {
    await grantAccess(nova, created.id, access);
  } catch (error) {
    await nova.flavors.delete(created.id).catch(() => undefined);
    throw error;
  }
  return outcome(created, body.is_public, access);
};

/**
 * Put a deleted flavor back as it was (fields, extra specs, access) after its replacement was
 * refused. Logged, never thrown: the caller reports the refusal, which is what the user needs.
 */
const restoreFlavor = async (
  nova: FlavorNova,
  old: NormalizedFlavor,
  extras: Record<string, string>,
  access: readonly string[],
  log: ServiceLog,
): Promise<void> => {
  try {
    await nova.flavors.create(createBody(flavorFields(old), old.id));
    if (Object.keys(extras).length > 0) await nova.flavors.setExtraSpecs(old.id, extras);
    await grantAccess(nova, old.id, access);
  } catch (restoreError) {
    log.error({ err: restoreError, flavor: old.id }, 'could not restore flavor');
  }
};

/**
 * Edit a flavor. Nova cannot change sizes in place, so any change but the description deletes
 * the flavor and creates it again under the same id, carrying over its extra specs; if Nova
 * refuses the new one, the old one is restored (with its extra specs and access) and the
 * refusal is thrown. Access changes of a private flavor are applied as grants and revokes.
 */
export const updateFlavor = async (
  nova: FlavorNova,
  id: string,
  next: FlavorUpdateBody,
  log: ServiceLog,
): Promise<FlavorOutcome> => {
  const old = await nova.flavors.get(id);
  const oldAccess = await accessOf(nova, old);
  const wantedAccess = next.is_public ? [] : (next.flavor_access ?? oldAccess);

  if (needsRecreate(old, next)) {
    const extras = await extrasOf(nova, old);
    await nova.flavors.delete(id);
    let flavor: NormalizedFlavor;
    try {
      flavor = await nova.flavors.create(createBody(next, id));
    } catch (error) {
      await restoreFlavor(nova, old, extras, oldAccess, log);
      throw error;
    }
    if (Object.keys(extras).length > 0) await nova.flavors.setExtraSpecs(id, extras);
    await grantAccess(nova, id, wantedAccess);
    return outcome(flavor, next.is_public, wantedAccess);
  }

  let flavor = old;
  const description = next.description || null;
  if (description !== (old.description ?? null)) {
    flavor = await nova.flavors.updateDescription(id, description);
  }
  if (!next.is_public) {
    const add = wantedAccess.filter((p) => !oldAccess.includes(p));
    const remove = oldAccess.filter((p) => !wantedAccess.includes(p));
    await grantAccess(nova, id, add);
    for (const project of remove) await nova.flavors.removeAccess(id, project);
  }
  return outcome(flavor, next.is_public, wantedAccess);
};
