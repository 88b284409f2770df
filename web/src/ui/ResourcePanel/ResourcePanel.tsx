import { use, type ReactNode } from 'react';
import { forPanel } from '../../registry/defineResource';
import { loadedResource, loadResource } from '../../registry/loadResource';
import { panelScope, type PanelDecl, type ResourceEntry } from '../../registry/types';
import { PanelFrame } from '../PanelFrame/PanelFrame';
import { ResourceTable } from '../ResourceTable/ResourceTable';

// Re-exported for the details route and the panel test kit, which load declarations too.
export { loadResource };

function PanelTable({ entry, panel }: ResourcePanelProps): ReactNode {
  // The panel's route loads the declaration before it renders (app/routes.tsx): read it as it
  // is, so the boundary below never shows its fallback and React never throttles the reveal.
  const resource = loadedResource(entry) ?? use(loadResource(entry));
  const scope = panelScope(entry, panel);
  return <ResourceTable resource={forPanel(resource, scope)} scope={scope} />;
}

export interface ResourcePanelProps {
  entry: ResourceEntry;
  panel: PanelDecl;
}

/** A registry panel page: the title at once, the table when the declaration has loaded. */
export function ResourcePanel({ entry, panel }: ResourcePanelProps): ReactNode {
  return (
    <PanelFrame panel={panel}>
      <PanelTable entry={entry} panel={panel} />
    </PanelFrame>
  );
}
