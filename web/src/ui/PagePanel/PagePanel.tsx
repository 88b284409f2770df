import {
  createElement,
  lazy,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { PageEntry, PageProps, PanelDecl } from '../../registry/types';
import { PanelFrame } from '../PanelFrame/PanelFrame';

// One load per page for the app's life: a page keeps one component identity across renders.
const loads = new Map<string, Promise<ComponentType<PageProps>>>();
const pages = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();

/** A page panel's component, loaded once (its code is a lazy chunk). */
export function loadPage(entry: PageEntry): Promise<ComponentType<PageProps>> {
  let promise = loads.get(entry.id);
  if (!promise) {
    promise = entry.load();
    // A failed chunk load may succeed on the next visit.
    promise.catch(() => loads.delete(entry.id));
    loads.set(entry.id, promise);
  }
  return promise;
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
  return createElement(pageComponent(entry), { panel });
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
