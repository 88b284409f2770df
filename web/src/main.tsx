import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import '@patternfly/patternfly/patternfly-base.css';
import { languageReady } from './i18n/i18n';
import { createQueryClient } from './api/queryClient';
import { App } from './app/App';
import { createRoutes, routerBasename } from './app/routes';
import { manifest } from './app/manifest';
import { rememberBrowserTimeZone } from './settings/preferences';
import { applyInlineStyles, asOfNow, pageState, resolveInitialRoutes } from './app/pageState';

rememberBrowserTimeZone();
const queryClient = createQueryClient();
const routes = createRoutes(queryClient, manifest);
const basename = routerBasename() || '/';
const root = document.getElementById('root');
// A page the server rendered first (entry-server.tsx) comes with the data it was rendered from.
const state = root?.firstChild ? pageState() : undefined;

if (root && state) {
  applyInlineStyles(root);
  // The route's code must be there before hydration, or the router would render its fallback
  // over the server's markup.
  await resolveInitialRoutes(routes, basename);
  // The server's answers go in the cache only now, dated now (pageState): however long the code
  // took to load on a busy machine, the table then mounts on a list fresh enough to keep.
  hydrate(queryClient, asOfNow(state).queries);
  const router = createBrowserRouter(routes, { basename, hydrationData: state.router });
  hydrateRoot(
    root,
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
} else if (root) {
  // A user who chose another language sees it from the first paint, not English first: its
  // catalogue is one small chunk (only English pages are rendered on the server).
  await languageReady;
  const router = createBrowserRouter(routes, { basename });
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}
