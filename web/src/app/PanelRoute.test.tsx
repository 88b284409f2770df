import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PolicyBatchBody } from '@skydeck/contract';
import { computeCatalog, testSession } from '../testing/shell';
import { msg } from '../i18n/msg';
import { policy, service, type ManifestEntry } from '../registry/types';
import { mockFetch, renderWithProviders } from '../testing/render';
import { PanelRoute } from './PanelRoute';

afterEach(() => vi.unstubAllGlobals());

const SESSION = testSession('RegionTwo', ['RegionOne', 'RegionTwo']);

/** RegionTwo has compute, not image. */
const CATALOG = computeCatalog('RegionTwo');

// Only refusals are rendered here, so no declaration is ever loaded.
const entry = (name: string, path: string, requires: ManifestEntry['requires']): ManifestEntry => ({
  type: `Test::${name}`,
  names: { one: msg(name), many: msg(name) },
  panels: [{ path, group: path.startsWith('/admin') ? 'admin' : 'project', title: msg(name) }],
  requires,
  load: () => Promise.reject(new Error('not loaded in this test')),
});

const MANIFEST: ManifestEntry[] = [
  entry('Key Pairs', '/project/key_pairs', [service('compute')]),
  entry('Images', '/project/images', [service('image')]),
  entry('Flavors', '/admin/flavors', [service('compute'), policy('compute', 'admin_only')]),
];

function visit(path: string): void {
  mockFetch((url, init) => {
    if (url.pathname === '/api/keystone/user-session/') return { body: SESSION };
    if (url.pathname === '/api/keystone/svc-catalog/') return { body: CATALOG };
    if (url.pathname === '/api/policy/batch/') {
      // A member: no admin rule passes.
      return { body: { allowed: (init.json as PolicyBatchBody).checks.map(() => false) } };
    }
    return undefined;
  });
  const found = MANIFEST.find((e) => e.panels[0]?.path === path);
  const panel = found?.panels[0];
  if (!found || !panel) throw new Error(path);
  renderWithProviders(
    <Routes>
      <Route
        path={path}
        element={
          <PanelRoute manifest={MANIFEST} entry={found} panel={panel}>
            <p>the panel</p>
          </PanelRoute>
        }
      />
      <Route path="/" element={<p>home</p>} />
    </Routes>,
    { route: path, path: '/*' },
  );
}

describe('PanelRoute', () => {
  it('tells a user a panel of their cloud is not for them, instead of "Page not found"', async () => {
    visit('/admin/flavors');
    expect(
      await screen.findByRole('heading', { name: 'You are not authorized to see this page' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('leaves a panel whose service this region lacks for the first panel the region has', async () => {
    visit('/project/images');
    expect(await screen.findByText('home')).toBeInTheDocument();
  });
});
