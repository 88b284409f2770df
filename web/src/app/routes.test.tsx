import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import type { PolicyBatchBody } from '@skydeck/contract';
import { computeCatalog, testSession } from '../testing/shell';
import { apiFetch } from '../api/http';
import { PAGE_DATA_ID } from '../data/shell';
import { msg } from '../i18n/msg';
import { deleteAction } from '../registry/actions';
import { asDetail, asList, defineResource } from '../registry/defineResource';
import { type ManifestEntry, type PageProps, type ResourceType, service } from '../registry/types';
import { mockFetch, testQueryClient } from '../testing/render';
import { App } from './App';
import { createRoutes } from './routes';

interface Thing {
  id: string;
  name: string;
}

const things = defineResource<Thing>({
  key: (x) => x.id,
  label: (x) => x.name,
  list: () =>
    asList(
      queryOptions({
        queryKey: ['test', 'things', 'list'] as const,
        queryFn: async ({ signal }) =>
          (await apiFetch<{ items: Thing[] }>('api/test/things/', { signal })).items,
      }),
    ),
  detail: (id) =>
    asDetail(
      queryOptions({
        queryKey: ['test', 'things', 'detail', id] as const,
        queryFn: ({ signal }) => apiFetch<Thing>(`api/test/things/${id}/`, { signal }),
      }),
    ),
  columns: [
    { id: 'name', title: msg('Name'), priority: 1, value: (x) => x.name, defaultSort: true },
  ],
  actions: {
    row: [
      deleteAction<Thing>({
        names: { one: msg('Key Pair'), many: msg('Key Pairs') },
        label: msg('Delete Key Pair'),
        requires: [],
        remove: (x) => apiFetch(`api/test/things/${x.id}/`, { method: 'DELETE' }),
        invalidates: [['test', 'things']],
      }),
    ],
  },
  details: [
    { id: 'overview', title: msg('Overview'), fields: [{ label: msg('ID'), value: (x) => x.id }] },
    { id: 'more', title: msg('Details'), render: (x) => <p>More about {x.name}</p> },
  ],
});

const MANIFEST: ManifestEntry[] = [
  {
    type: 'Test::Thing',
    names: { one: msg('Key Pair'), many: msg('Key Pairs') },
    panels: [{ path: '/project/things', group: 'project', title: msg('Key Pairs') }],
    requires: [service('compute')],
    itemRoutes: ['/project/things/:id'],
    load: () => Promise.resolve(things as unknown as ResourceType<unknown>),
  },
  {
    kind: 'page',
    id: 'test-overview',
    panels: [{ path: '/project/overview', group: 'project', title: msg('Overview') }],
    requires: [service('compute')],
    load: () => Promise.resolve(OverviewPage),
    prefetch: (queryClient) => queryClient.prefetchQuery(usageQuery),
  },
];

// A page's first read, as a page declares it: fresh for a moment, so the page takes the
// loader's answer instead of asking again.
const usageQuery = queryOptions({
  queryKey: ['test', 'usage'] as const,
  queryFn: ({ signal }) => apiFetch<{ hours: number }>('api/test/usage/', { signal }),
  staleTime: 2000,
});

function OverviewPage({ panel }: PageProps) {
  const usage = useQuery(usageQuery);
  return (
    <p>
      A page at {panel.path}, not a table{usage.data && `: ${usage.data.hours} hours`}
    </p>
  );
}

const SESSION = testSession();
const CATALOG = computeCatalog();

interface CloudOptions {
  signedIn?: boolean;
  list?: { status: number; body: unknown };
  /** The bootstrap answers only once this settles. */
  bootstrapAfter?: Promise<unknown>;
  /** Sees each request as it is made. */
  onCall?: (call: string) => void;
}

function mockCloud({ signedIn = true, list, bootstrapAfter, onCall }: CloudOptions = {}): string[] {
  const calls: string[] = [];
  let deleted = false;
  mockFetch((url, init) => {
    calls.push(`${init.method ?? 'GET'} ${url.pathname}`);
    onCall?.(`${init.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/api/test/things/t1/' && init.method === 'DELETE') {
      deleted = true;
      return { status: 204 };
    }
    if (url.pathname === '/api/test/things/t1/' && deleted) {
      return { status: 404, body: { message: 'Not found' } };
    }
    if (url.pathname === '/api/bootstrap/') {
      return (bootstrapAfter ?? Promise.resolve()).then(() =>
        signedIn
          ? {
              body: {
                session: SESSION,
                settings: { TOAST_DELAY: 3000 },
                catalog: CATALOG,
                projects: { items: [] },
              },
            }
          : { status: 401, body: { message: 'Not signed in' } },
      );
    }
    if (url.pathname === '/api/keystone/user-session/') {
      return signedIn ? { body: SESSION } : { status: 401, body: { message: 'Not signed in' } };
    }
    if (url.pathname === '/api/keystone/svc-catalog/') return { body: CATALOG };
    if (url.pathname === '/api/settings/') return { body: { TOAST_DELAY: 3000 } };
    if (url.pathname === '/api/keystone/projects/') return { body: { items: [] } };
    if (url.pathname === '/api/policy/batch/') {
      return { body: { allowed: (init.json as PolicyBatchBody).checks.map(() => false) } };
    }
    if (url.pathname === '/api/test/things/')
      return list ?? { body: { items: [{ id: 't1', name: 'thing one' }] } };
    if (url.pathname === '/api/test/things/t1/') return { body: { id: 't1', name: 'thing one' } };
    if (url.pathname === '/api/test/usage/') return { body: { hours: 42 } };
    if (url.pathname === '/api/test/things/gone/')
      return { status: 404, body: { message: 'Not found' } };
    if (url.pathname === '/api/test/things/broken/')
      return { status: 500, body: { message: 'The cloud is down' } };
    if (url.pathname === '/auth/logout/') return { status: 204 };
    if (url.pathname === '/auth/options/') {
      return {
        body: {
          auth_types: [{ id: 'credentials', label: 'Keystone Credentials' }],
          default_auth_type: 'credentials',
          regions: [],
          default_region: '',
          show_domain: false,
          default_domain: 'Default',
        },
      };
    }
    return undefined;
  });
  return calls;
}

function start(path: string) {
  const client = testQueryClient();
  const router = createMemoryRouter(createRoutes(client, MANIFEST), { initialEntries: [path] });
  render(<App queryClient={client} router={router} />);
  return router;
}

describe('app routes', () => {
  it('sends a visitor without a session to the login page with next, without a toast', async () => {
    const calls = mockCloud({ signedIn: false });
    const router = start('/project/things?q=x');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/project/things?q=x')}`);
    expect(screen.queryByText('Unauthorized. Redirecting to login')).not.toBeInTheDocument();
    expect(calls.filter((c) => c === 'GET /api/bootstrap/')).toHaveLength(1);
  });

  it('opens the first allowed panel at /', async () => {
    mockCloud();
    const router = start('/');
    expect(await screen.findByRole('heading', { name: 'Key Pairs', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/project/things');
    expect(await screen.findByText('thing one')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Global navigation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
  });

  it('asks for the list as soon as the route is known, before the bootstrap has answered', async () => {
    let listAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      listAsked = resolve;
    });
    // The bootstrap holds its answer until the list has been asked for: a list that waited for
    // the session (the old chain) would never come, and the rows would never show.
    const calls = mockCloud({
      bootstrapAfter: asked,
      onCall: (call) => call === 'GET /api/test/things/' && listAsked(),
    });
    start('/project/things');
    expect(await screen.findByText('thing one')).toBeInTheDocument();
    // One bootstrap, no separate session, settings or catalog requests.
    expect(calls.filter((c) => c === 'GET /api/bootstrap/')).toHaveLength(1);
    expect(calls).not.toContain('GET /api/keystone/user-session/');
    expect(calls).not.toContain('GET /api/settings/');
    expect(calls).not.toContain('GET /api/keystone/svc-catalog/');
    expect(calls).not.toContain('GET /api/keystone/projects/');
    expect(calls.filter((c) => c === 'GET /api/test/things/')).toHaveLength(1);
  });

  it('takes the bootstrap the server wrote into the page, once, and asks for none', async () => {
    const calls = mockCloud();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_DATA_ID;
    block.textContent = JSON.stringify({
      session: SESSION,
      settings: { TOAST_DELAY: 3000 },
      catalog: CATALOG,
      projects: { items: [] },
    });
    document.body.append(block);
    start('/project/things');
    expect(await screen.findByText('thing one')).toBeInTheDocument();
    expect(calls).not.toContain('GET /api/bootstrap/');
    // Read once: a later start (after a sign-out, in the same page) asks the server.
    expect(document.getElementById(PAGE_DATA_ID)).toBeNull();
  });

  it('asks for the bootstrap when the page holds no readable one', async () => {
    const calls = mockCloud();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_DATA_ID;
    block.textContent = '{"session": ';
    document.body.append(block);
    start('/project/things');
    expect(await screen.findByText('thing one')).toBeInTheDocument();
    expect(calls.filter((c) => c === 'GET /api/bootstrap/')).toHaveLength(1);
  });

  it('on a 401 mid-session toasts, logs out and goes to the login page', async () => {
    const calls = mockCloud({ list: { status: 401, body: { message: 'expired' } } });
    const router = start('/project/things');
    // The panel's chunk, the policy batch and the list come first: allow a busy machine time.
    expect(
      await screen.findByText('Unauthorized. Redirecting to login', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/project/things')}`);
    expect(calls).toContain('POST /auth/logout/');
  });

  it('on a 403 toasts Forbidden and stays', async () => {
    mockCloud({ list: { status: 403, body: { message: 'nope' } } });
    const router = start('/project/things');
    expect(
      await screen.findByText('Forbidden. Insufficient permissions of the requested operation'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/project/things');
  });

  it('renders the generic details page with tabs, remembering the tab', async () => {
    mockCloud();
    const router = start('/ngdetails/Test::Thing/t1');
    expect(await screen.findByRole('heading', { name: 'thing one', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Key Pairs' })).toBeInTheDocument();
    expect(screen.getByText('t1')).toBeInTheDocument();
    const { default: userEvent } = await import('@testing-library/user-event');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Details' }));
    expect(await screen.findByText('More about thing one')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=more');
    expect(document.cookie).toContain('tabs=');
  });

  it('after deleting the item on its details page goes back to the list, not to not_found', async () => {
    const calls = mockCloud();
    const router = start('/ngdetails/Test::Thing/t1');
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for thing one' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete Key Pair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Key Pair' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Key Pair' }));
    expect(await screen.findByText('Deleted Key Pair: thing one.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/things'));
    expect(await screen.findByRole('heading', { name: 'Key Pairs', level: 1 })).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/test/things/t1/');
    // The deleted item's details were asked for again (the delete invalidates them) and answered
    // 404, yet the page never went to not_found.
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('redirects old item routes to /ngdetails', async () => {
    mockCloud();
    const router = start('/project/things/t1');
    expect(await screen.findByRole('heading', { name: 'thing one', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ngdetails/Test::Thing/t1');
  });

  it.each([
    ['/ngdetails/Test::Thing'],
    ['/ngdetails/Unknown::Type/x'],
    ['/ngdetails/Test::Thing/gone'],
  ])('%s goes to /not_found', async (path) => {
    mockCloud();
    const router = start(path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/not_found');
    expect(screen.queryByText('Not found')).not.toBeInTheDocument();
  });

  describe('a details page whose item fails to load (not a 404)', () => {
    const open = (entries: string[]) => {
      const client = testQueryClient();
      const router = createMemoryRouter(createRoutes(client, MANIFEST), {
        initialEntries: entries,
        initialIndex: entries.length - 1,
      });
      render(<App queryClient={client} router={router} />);
      return router;
    };
    afterEach(() => {
      delete (things as { detailFailure?: string }).detailFailure;
    });

    it('stays, with the type as its title, by default', async () => {
      mockCloud();
      const router = open(['/project/things', '/ngdetails/Test::Thing/broken']);
      expect(
        await screen.findByRole('heading', { name: 'Key Pair', level: 1 }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/ngdetails/Test::Thing/broken');
    });

    it('goes back one page when the type says so (spec 2 §2, trunks)', async () => {
      Object.assign(things, { detailFailure: 'back' });
      mockCloud();
      const router = open(['/project/overview', '/ngdetails/Test::Thing/broken']);
      await waitFor(() => expect(router.state.location.pathname).toBe('/project/overview'));
    });

    it('goes to the list when it was the first page of the visit', async () => {
      Object.assign(things, { detailFailure: 'back' });
      mockCloud();
      const router = open(['/ngdetails/Test::Thing/broken']);
      await waitFor(() => expect(router.state.location.pathname).toBe('/project/things'));
    });
  });

  it('renders a page panel at its path, with its title and no table', async () => {
    mockCloud();
    start('/project/overview');
    expect(
      await screen.findByText(/^A page at \/project\/overview, not a table/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it("starts a page's first read with its route, and the page asks it no more", async () => {
    let answer: () => void = () => undefined;
    const calls = mockCloud({ bootstrapAfter: new Promise<void>((resolve) => (answer = resolve)) });
    start('/project/overview');
    // Asked while the session is still on its way: the loader did not wait for it.
    await waitFor(() => expect(calls).toContain('GET /api/test/usage/'));
    answer();
    expect(
      await screen.findByText('A page at /project/overview, not a table: 42 hours'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c === 'GET /api/test/usage/')).toHaveLength(1);
  });

  it("loads the first panel's code while `/` still waits for the session", async () => {
    let answer: () => void = () => undefined;
    mockCloud({ bootstrapAfter: new Promise<void>((resolve) => (answer = resolve)) });
    const load = vi.fn(() => Promise.resolve(things as unknown as ResourceType<unknown>));
    const manifest: ManifestEntry[] = [
      {
        type: 'Test::First',
        names: { one: msg('Key Pair'), many: msg('Key Pairs') },
        panels: [{ path: '/project/first', group: 'project', title: msg('Key Pairs') }],
        requires: [service('compute')],
        load,
      },
    ];
    const client = testQueryClient();
    const router = createMemoryRouter(createRoutes(client, manifest), { initialEntries: ['/'] });
    render(<App queryClient={client} router={router} />);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    answer();
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/first'));
    expect(await screen.findByText('thing one')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
