import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Settings } from '@skydeck/contract';
import { itemFreeSets, itemSets } from '../api/itemAccess';
import { prefetchRequirements, type RequirementSet } from '../api/permissions';
import { loadBootstrap, shellQueries } from '../data/shell';
import { forPanel } from '../registry/defineResource';
import { loadResource, type ResourceLoader } from '../registry/loadResource';
import type { ListPage, ManifestEntry, PanelScope, ResourceType } from '../registry/types';
import { actionSets } from '../ui/ActionMenu/useActionDecisions';
import { defaultPageSize } from '../ui/ResourceTable/pageParams';
import { firstDecidedRows, rowsOf } from '../ui/ResourceTable/rowWindow';
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
 * The checks a table asks once it has rows, for the rows it decides first: its per-row
 * columns' and its row actions'. Asked as soon as the list is in, not after the table rendered
 * it, so the rows' menus and per-row columns come with them (and with a server-rendered page).
 */
async function prefetchRowChecks(
  queryClient: QueryClient,
  resource: ResourceType<unknown>,
  scope: PanelScope,
  listed: Promise<QueryKey | undefined>,
): Promise<void> {
  const key = await listed;
  const items = key && rowsOf(queryClient.getQueryData<unknown[] | ListPage<unknown>>(key));
  if (!items || items.length === 0) return;
  const settings = queryClient.getQueryData<Settings>(shellQueries.settings().queryKey);
  const rows = firstDecidedRows(
    items,
    resource.columns,
    defaultPageSize(settings),
    resource.paging?.when(scope) ?? false,
  );
  await prefetchRequirements(queryClient, [
    ...itemSets(resource.columns, rows),
    ...actionSets(resource.actions?.row ?? [], rows),
  ]);
}

/**
 * A panel's table checks, sent once the session is known (a check without one would answer 401
 * and sign the visitor out before the login page could say why); its rows' checks once its list
 * (`listed`: the list's key, undefined when none was asked) is in.
 */
export async function prefetchTableChecks(
  queryClient: QueryClient,
  entry: ResourceLoader,
  scope: PanelScope,
  listed: Promise<QueryKey | undefined>,
): Promise<void> {
  // A bootstrap that already failed (no session: the shell's loader is on its way to the login
  // page) is not asked again just for these.
  if (queryClient.getQueryState(shellQueries.bootstrap().queryKey)?.status === 'error') return;
  try {
    const [resource] = await Promise.all([loadResource(entry), loadBootstrap(queryClient)]);
    // The panel's own columns, as its table has them.
    const shown = forPanel(resource, scope);
    await Promise.all([
      prefetchRequirements(queryClient, tableSets(shown)),
      prefetchRowChecks(queryClient, shown, scope, listed),
      ...shown.columns.map((column) => column.prefetchCells?.(queryClient)),
    ]);
  } catch {
    // The route's lazy() or the shell's loader reports the failure.
  }
}
