import type { QueryClient } from '@tanstack/react-query';
import { itemFreeSets } from '../api/itemAccess';
import { prefetchRequirements, type RequirementSet } from '../api/permissions';
import { loadBootstrap, shellQueries } from '../data/shell';
import { loadResource, type ResourceLoader } from '../registry/loadResource';
import type { ManifestEntry, ResourceType } from '../registry/types';
import { allPanels, panelAccessSets } from './usePanelAccess';

/**
 * The policy checks the route loaders send before anything renders, all in the one batch the
 * sidebar's and the table's own checks then find answered (foundation issue §5). A lazy chunk:
 * the login page loads none of it.
 */

/** The sidebar's and the panel gate's checks; called once the session is known. */
export function prefetchPanelAccess(
  queryClient: QueryClient,
  manifest: readonly ManifestEntry[],
): Promise<void> {
  return prefetchRequirements(queryClient, panelAccessSets(allPanels(manifest)));
}

/** The checks a table asks before it has rows: columns, table and batch actions. */
function tableSets(resource: ResourceType<unknown>): RequirementSet[] {
  const sets = (list: readonly { requires?: RequirementSet['requirements'] }[] | undefined) =>
    (list ?? []).map((item) => ({ requirements: item.requires ?? [] }));
  return [
    // A column checked per row waits for its rows (its check without one asks another question).
    ...itemFreeSets(resource.columns),
    ...sets(resource.actions?.table),
    ...sets(resource.actions?.batch),
  ];
}

/**
 * A panel's table checks, sent once the session is known (a check without one would answer 401
 * and sign the visitor out before the login page could say why).
 */
export async function prefetchTableChecks(
  queryClient: QueryClient,
  entry: ResourceLoader,
): Promise<void> {
  // A bootstrap that already failed (no session: the shell's loader is on its way to the login
  // page) is not asked again just for these.
  if (queryClient.getQueryState(shellQueries.bootstrap().queryKey)?.status === 'error') return;
  try {
    const [resource] = await Promise.all([loadResource(entry), loadBootstrap(queryClient)]);
    await prefetchRequirements(queryClient, tableSets(resource));
  } catch {
    // The route's lazy() or the shell's loader reports the failure.
  }
}
