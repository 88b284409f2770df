import type { ReactNode } from 'react';
import { loadResource } from '../registry/loadResource';
import type { ManifestEntry, PanelDecl } from '../registry/types';

/**
 * A panel route's element, once the code it renders is here: the gate, and the panel's frame
 * with its declaration or page component, all loaded together, so the panel never suspends on
 * them (a part that suspends and shows later waits out React's reveal throttle). The modules
 * stay loaded: calling this early (preloadPanel) makes the route's own call immediate.
 */
export async function loadPanelElement(
  manifest: readonly ManifestEntry[],
  entry: ManifestEntry,
  panel: PanelDecl,
): Promise<ReactNode> {
  const [{ PanelRoute }, body] = await Promise.all([
    import('./PanelRoute'),
    entry.kind === 'page'
      ? import('../ui/PagePanel/PagePanel').then(async ({ PagePanel, loadPage }) => {
          await loadPage(entry);
          return <PagePanel entry={entry} panel={panel} />;
        })
      : Promise.all([import('../ui/ResourcePanel/ResourcePanel'), loadResource(entry)]).then(
          ([{ ResourcePanel }]) => <ResourcePanel entry={entry} panel={panel} />,
        ),
  ]);
  return (
    <PanelRoute manifest={manifest} entry={entry} panel={panel}>
      {body}
    </PanelRoute>
  );
}

/** Loads a panel's code ahead of its route; a failure is the route's to report when it loads. */
export function preloadPanel(
  manifest: readonly ManifestEntry[],
  entry: ManifestEntry,
  panel: PanelDecl,
): void {
  loadPanelElement(manifest, entry, panel).catch(() => undefined);
}
