import type { DehydratedState } from '@tanstack/react-query';
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';

/** The id of the block with the state a server-rendered page was rendered from (server spa.ts). */
export const PAGE_STATE_ID = 'skydeck-page-state';

/** What the browser needs to hydrate: the query cache as rendered, and the router's state. */
export interface PageState {
  queries: DehydratedState;
  router: HydrationState;
}

/**
 * The state the server wrote into a page it rendered first (entry-server.tsx), taken once;
 * undefined when there is none or it does not read as one (the app then renders from scratch).
 */
export function pageState(): PageState | undefined {
  const block = document.getElementById(PAGE_STATE_ID);
  if (!block) return undefined;
  block.remove();
  try {
    const data = JSON.parse(block.textContent ?? '') as Partial<PageState> | null;
    if (!data || typeof data.queries !== 'object' || typeof data.router !== 'object') return;
    return asOfNow(data as PageState);
  } catch {
    return undefined;
  }
}

/**
 * The server's answers dated now: they are this page's data, however long its scripts took to
 * load, and the server's clock need not agree with the browser's. Dated as the server read them,
 * a list would count as stale at once and be asked for again as the table mounts.
 */
export function asOfNow(state: PageState): PageState {
  const now = Date.now();
  for (const query of state.queries.queries) {
    if (query.state.dataUpdatedAt > 0) query.state.dataUpdatedAt = now;
  }
  return state;
}

/**
 * Loads the code of the routes the current URL matches and makes it part of those routes, as the
 * server's handler did before it rendered: hydration then renders the same elements at once.
 */
export async function resolveInitialRoutes(routes: RouteObject[], basename: string): Promise<void> {
  const matches = matchRoutes(routes, window.location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** Where a server-rendered element keeps its style declarations (entry-server.tsx). */
export const SERVER_STYLE_ATTRIBUTE = 'data-ssr-style';

/**
 * The strict CSP (style-src 'self') refuses style attributes in a page's markup, so the server
 * writes them under another name; here the same declarations are set through the CSSOM, which
 * the policy allows, before hydration (which leaves an element's attributes as it finds them).
 */
export function applyInlineStyles(root: Element): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[${SERVER_STYLE_ATTRIBUTE}]`)) {
    element.style.cssText = element.getAttribute(SERVER_STYLE_ATTRIBUTE) ?? '';
    element.removeAttribute(SERVER_STYLE_ATTRIBUTE);
  }
}
