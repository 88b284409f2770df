import {
  createElement,
  lazy,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { PageEntry, PageProps, PanelDecl } from '../../registry/types';
import { loadOnce } from '../../registry/loadOnce';
import { PanelFrame } from '../PanelFrame/PanelFrame';

// One load per page for the app's life: a page keeps one component identity across renders.
const components = loadOnce<ComponentType<PageProps>>();
const pages = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();

/** A page panel's component, loaded once (its code is a lazy chunk). */
export function loadPage(entry: PageEntry): Promise<ComponentType<PageProps>> {
  return components.load(entry.id, entry.load);
}

/** The page's component, made once per page (never during a render). */
function pageComponent(entry: PageEntry): LazyExoticComponent<ComponentType<PageProps>> {
  let page = pages.get(entry.id);
  if (!page) {
    page = lazy(() => loadPage(entry).then((component) => ({ default: component })));
    pages.set(entry.id, page);
  }
  return page;
}

function PageBody({ entry, panel }: PagePanelProps): ReactNode {
  // Chosen once per mount: a lazy part swapped for the loaded one would mount the page again.
  const [page] = useState(() => components.loaded(entry.id) ?? pageComponent(entry));
  return createElement(page, { panel });
}

export interface PagePanelProps {
  entry: PageEntry;
  panel: PanelDecl;
}

/** A page panel (overview, topology, …): the title at once, the page when its code has loaded. */
export function PagePanel({ entry, panel }: PagePanelProps): ReactNode {
  return (
    <PanelFrame panel={panel}>
      <PageBody entry={entry} panel={panel} />
    </PanelFrame>
  );
}
