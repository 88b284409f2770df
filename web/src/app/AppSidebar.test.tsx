import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PolicyBatchBody, ServiceCatalog, UserSession } from '@skydeck/contract';
import { msg } from '../i18n/msg';
import { policy, service, type ManifestEntry, type ResourceType } from '../registry/types';
import { mockFetch, renderWithProviders } from '../testing/render';
import { AppSidebar, activePanelPath, sidebarSections } from './AppSidebar';
import { manifestEntry } from './manifest';
import { allPanels } from './usePanelAccess';

const load = (): Promise<ResourceType<unknown>> => Promise.reject(new Error('not loaded in tests'));

/** The real manifest's entry, not loaded: the sidebar reads only its names, panels and needs. */
function realEntry(type: string): ManifestEntry {
  const entry = manifestEntry(type);
  if (!entry) throw new Error(`no manifest entry ${type}`);
  return { ...entry, load };
}

const MANIFEST: ManifestEntry[] = [
  // A project panel in the Compute section, needing only the compute service.
  realEntry('OS::Nova::Keypair'),
  {
    type: 'OS::Glance::Image',
    names: { one: msg('Image'), many: msg('Images') },
    panels: [
      { path: '/project/images', group: 'project', title: msg('Images') },
      { path: '/admin/images', group: 'admin', title: msg('Images') },
    ],
    requires: [service('image')],
    load,
  },
  {
    type: 'OS::Nova::Flavor',
    names: { one: msg('Flavor'), many: msg('Flavors') },
    panels: [{ path: '/admin/flavors', group: 'admin', title: msg('Flavors') }],
    requires: [service('compute')],
    load,
  },
  {
    type: 'OS::Keystone::User',
    names: { one: msg('User'), many: msg('Users') },
    panels: [
      {
        path: '/identity/users',
        group: 'identity',
        title: msg('Users'),
        requires: [policy('identity', 'identity:list_users')],
      },
    ],
    requires: [service('identity')],
    load,
  },
];

const endpoint = (region: string) => [
  { id: region, interface: 'public', region, region_id: region, url: 'http://x' },
];
const CATALOG: ServiceCatalog = [
  { id: '1', type: 'compute', name: 'nova', endpoints: endpoint('RegionOne') },
  { id: '2', type: 'identity', name: 'keystone', endpoints: endpoint('RegionOne') },
  // No image service in this region: image panels must disappear.
  { id: '3', type: 'image', name: 'glance', endpoints: endpoint('RegionTwo') },
];

function mockCloud(allowedRules: string[]): void {
  mockFetch((url, init) => {
    if (url.pathname === '/api/keystone/user-session/') {
      return { body: { services_region: 'RegionOne' } as UserSession };
    }
    if (url.pathname === '/api/keystone/svc-catalog/') return { body: CATALOG };
    if (url.pathname === '/api/policy/batch/') {
      const body = init.json as PolicyBatchBody;
      return {
        body: {
          allowed: body.checks.map((c) => c.rules.every((r) => allowedRules.includes(r[1]))),
        },
      };
    }
    return undefined;
  });
}

describe('AppSidebar', () => {
  it('lists only the panels whose requirements pass; Admin needs the policy admin gate', async () => {
    mockCloud([]);
    renderWithProviders(<AppSidebar manifest={MANIFEST} />, { route: '/project/key_pairs' });
    const nav = await screen.findByRole('navigation', { name: 'Global' });
    expect(await within(nav).findByRole('link', { name: 'Key Pairs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('button', { name: 'Compute' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(nav).queryByRole('link', { name: 'Images' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Flavors' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Identity' })).not.toBeInTheDocument();
  });

  it('shows Admin and Identity panels when the policy engine says so', async () => {
    mockCloud(['context_is_admin', 'identity:list_users']);
    renderWithProviders(<AppSidebar manifest={MANIFEST} />, { route: '/admin/flavors' });
    const nav = await screen.findByRole('navigation', { name: 'Global' });
    expect(await within(nav).findByRole('link', { name: 'Flavors' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('button', { name: 'Admin' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Users' })).toBeInTheDocument();
  });
});

describe('sidebarSections', () => {
  it('puts loose panels first, then each section in the fixed order, manifest order inside', () => {
    const ref = (path: string, subgroup?: 'compute' | 'network') => ({
      entry: MANIFEST[0] as ManifestEntry,
      panel: { path, group: 'project' as const, title: msg(path), subgroup },
    });
    const sections = sidebarSections([
      ref('/n1', 'network'),
      ref('/c1', 'compute'),
      ref('/overview'),
      ref('/c2', 'compute'),
    ]);
    expect(sections.map((s) => [s.subgroup, s.items.map((r) => r.panel.path)])).toEqual([
      [undefined, ['/overview']],
      ['compute', ['/c1', '/c2']],
      ['network', ['/n1']],
    ]);
  });
});

describe('activePanelPath', () => {
  const panels = allPanels(MANIFEST);
  it('follows ?nav= on details pages, else the type’s first panel', () => {
    expect(activePanelPath('/ngdetails/OS::Glance::Image/abc', '/admin/images/', panels)).toBe(
      '/admin/images',
    );
    expect(activePanelPath('/ngdetails/OS::Glance::Image/abc', null, panels)).toBe(
      '/project/images',
    );
    expect(activePanelPath('/project/key_pairs', null, panels)).toBe('/project/key_pairs');
  });
});
