import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import '@patternfly/patternfly/patternfly-base.css';
import './i18n/i18n';
import { createQueryClient } from './api/queryClient';
import { App } from './app/App';
import { createRoutes, routerBasename } from './app/routes';
import { manifest } from './app/manifest';

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient, manifest), {
  basename: routerBasename() || '/',
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}
