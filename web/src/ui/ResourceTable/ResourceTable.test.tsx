import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryOptions } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../api/http';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { nameColumn, sizeColumn, textColumn } from '../../registry/columns';
import { asList, asPage, defineResource } from '../../registry/defineResource';
import { optionsFacet, serverFacet, textFacet } from '../../registry/facets';
import { field } from '../../registry/fields';
import { policy, type ListPage, type ResourceType } from '../../registry/types';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { confirmStore } from '../ConfirmDialog/confirm';
import { ResourceTable } from './ResourceTable';
// The CommonJS build: the .mjs one imports its CSS as a module, which Node (Vitest) cannot load.
import tableStyles from '@patternfly/react-styles/css/components/Table/table.js';
import { cloud, type CloudOptions } from '../../testing/panelTestKit';
import { testScope } from '../../testing/testScope';

interface Item {
  id: string;
  name: string;
  size: number;
  status: string;
}

const ITEMS: Item[] = [
  { id: '1', name: 'beta', size: 2048, status: 'active' },
  { id: '2', name: 'alpha', size: 10, status: 'saving' },
  { id: '3', name: 'gamma', size: 1024 ** 3, status: 'active' },
];

const testQueries = {
  list: (filters: Record<string, string>) =>
    queryOptions({
      queryKey: ['test', 'items', 'list', filters] as const,
      queryFn: ({ signal }) =>
        apiFetch<{ items: Item[] }>('api/test/items/', { query: filters, signal }).then(
          (r) => r.items,
        ),
    }),
};

const base = defineResource<Item>({
  key: (i) => i.id,
  label: (i) => i.name,
  list: (_scope, filters) => asList(testQueries.list(filters)),
  columns: [
    nameColumn({ priority: 1, defaultSort: true, linkToDetails: true }),
    sizeColumn('size', msg('Size'), (i) => i.size, { priority: 2 }),
    textColumn('status', msg('Status'), (i) => i.status, { priority: 3 }),
  ],
  facets: [
    textFacet('name', msg('Name'), (i) => i.name),
    optionsFacet(
      'status',
      msg('Status'),
      [
        { key: 'active', label: msg('Active') },
        { key: 'saving', label: msg('Saving') },
      ],
      (i) => i.status,
    ),
  ],
});

const remove = {
  names: { one: msg('Item'), many: msg('Items') },
  requires: [policy('test', 'test:delete')],
  remove: (item: Item) => apiFetch<unknown>(`api/test/items/${item.id}`, { method: 'DELETE' }),
  invalidates: [['test', 'items']],
};

const withActions = defineResource<Item>({
  ...base,
  actions: {
    table: [
      modalAction('create', msg('Create Item'), [policy('test', 'test:create')], () =>
        Promise.resolve(() => null),
      ),
    ],
    row: [deleteAction<Item>({ ...remove, label: msg('Delete Item') })],
    batch: [deleteAction<Item[]>({ ...remove, label: msg('Delete Items') })],
  },
});

interface Setup {
  items?: Item[];
  resource?: ResourceType<Item>;
  denied?: string[];
  route?: string;
  settings?: CloudOptions['settings'];
}

function setup({ items = ITEMS, resource = base, denied, route = '/test', settings }: Setup = {}) {
  const data = { items: [...items] };
  const listCalls: URL[] = [];
  const fetchSpy = mockFetch(
    cloud({
      denied,
      settings,
      routes: {
        'GET /api/test/items/': (url) => {
          listCalls.push(url);
          return { body: data };
        },
        'DELETE /api/test/items/2': () => {
          data.items = data.items.filter((i) => i.id !== '2');
          return { status: 204 };
        },
        'DELETE /api/test/items/1': () => ({ status: 500, body: { message: 'boom' } }),
      },
    }),
  );
  const view = renderWithProviders(
    <ResourceTable resource={resource} scope={testScope('/test', 'project')} />,
    { route },
  );
  return { ...view, data, listCalls, fetchSpy };
}

/** The names in the order the table shows them. */
function names(): string[] {
  const table = screen.getByRole('grid');
  return within(table)
    .queryAllByRole('link')
    .map((a) => a.textContent ?? '');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // A failed test must not leave its dialog over the next one.
  confirmStore.set(() => []);
});

describe('ResourceTable', () => {
  it('sorts by the default column, then by a clicked header', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('link', { name: 'alpha' });
    expect(names()).toEqual(['alpha', 'beta', 'gamma']);

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['gamma', 'beta', 'alpha']);

    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(names()).toEqual(['alpha', 'beta', 'gamma']);
    // Sizes show in 1024 steps (spec 1 §9).
    expect(screen.getByRole('cell', { name: '1 GB' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2 KB' })).toBeInTheDocument();
  });

  it('links names to the generic details route', async () => {
    setup();
    expect(await screen.findByRole('link', { name: 'alpha' })).toHaveAttribute(
      'href',
      '/ngdetails/Test::Item/2',
    );
  });

  it('leaves the columns a window has no room for to the stylesheet, header and cells alike', async () => {
    // Priority 2 hides below 768 px, priority 3 below 1200 px: CSS media queries, so a page
    // rendered on the server has the right columns from its first paint (spec 2 §2).
    setup();
    await screen.findByRole('link', { name: 'alpha' });
    const header = (name: string): HTMLElement => screen.getByRole('columnheader', { name });
    const cell = (text: string): HTMLElement => screen.getByRole('cell', { name: text });
    expect(header('Name')).not.toHaveClass('pf-m-hidden');
    expect(header('Size')).toHaveClass('pf-m-hidden', 'pf-m-visible-on-md');
    expect(header('Status')).toHaveClass('pf-m-hidden', 'pf-m-visible-on-xl');
    expect(cell('1 GB')).toHaveClass('pf-m-hidden', 'pf-m-visible-on-md');
    expect(screen.getAllByRole('cell', { name: 'active' })[0]).toHaveClass(
      'pf-m-hidden',
      'pf-m-visible-on-xl',
    );
  });

  it('holds a placeholder per cell while the list loads, each column hiding as its cells do', async () => {
    mockFetch(
      cloud({
        routes: { 'GET /api/test/items/': () => new Promise<never>(() => undefined) },
      }),
    );
    renderWithProviders(
      <ResourceTable resource={withActions} scope={testScope('/test', 'project')} />,
      { route: '/test' },
    );
    // Wait for the actions: the selection and menu columns are then part of the table.
    await screen.findByRole('button', { name: 'Create Item' });
    const placeholders = screen.getByRole('grid').querySelector<HTMLElement>('tbody[aria-busy]');
    if (!placeholders) throw new Error('no loading rows');
    const [first] = within(placeholders).getAllByRole('row');
    if (!first) throw new Error('no loading row');
    const cells = within(first).getAllByRole('cell');
    const headers = screen.getAllByRole('columnheader');
    // As many as the header, in the header's order: select, Name, Size, Status, menu.
    expect(cells).toHaveLength(headers.length);
    expect(cells.map((cell) => cell.className.includes('pf-m-hidden'))).toEqual(
      headers.map((header) => header.className.includes('pf-m-hidden')),
    );
    expect(cells[2]).toHaveClass('pf-m-hidden', 'pf-m-visible-on-md');
    expect(cells[3]).toHaveClass('pf-m-hidden', 'pf-m-visible-on-xl');
    expect(within(placeholders).getAllByText('Loading')).toHaveLength(1);
  });

  it('hides a column whose permission check fails', async () => {
    const resource = defineResource<Item>({
      ...base,
      columns: [
        ...base.columns,
        textColumn('owner', msg('Owner'), (i) => i.id, {
          requires: [policy('identity', 'identity:get_project')],
        }),
      ],
    });
    setup({ resource, denied: ['identity:get_project'] });
    await screen.findByRole('link', { name: 'alpha' });
    expect(screen.queryByRole('columnheader', { name: 'Owner' })).not.toBeInTheDocument();
  });

  it('truncates a column that asks to, with the whole value as its tooltip, in a compact table', async () => {
    const resource = defineResource<Item>({
      ...base,
      density: 'compact',
      columns: [
        ...base.columns,
        textColumn('host', msg('Host'), (i) => `controller-${i.name}@lvm#pool-${i.id}`, {
          modifier: 'truncate',
        }),
      ],
    });
    setup({ resource });
    await screen.findByRole('link', { name: 'alpha' });
    const cell = screen.getByRole('cell', { name: 'controller-alpha@lvm#pool-2' });
    expect(cell).toHaveClass(tableStyles.modifiers.truncate);
    expect(cell).toHaveAttribute('title', 'controller-alpha@lvm#pool-2');
    expect(screen.getByRole('cell', { name: 'alpha' })).not.toHaveAttribute('title');
    const table = screen.getByRole('grid');
    expect(table).toHaveClass(tableStyles.modifiers.compact);
    expect(table.style.getPropertyValue('--pf-v6-c-table--cell--Padding--base')).toBe(
      'var(--pf-t--global--spacer--sm)',
    );
  });

  it('offers no selection without batch actions', async () => {
    setup();
    await screen.findByRole('link', { name: 'alpha' });
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select alpha' })).not.toBeInTheDocument();
  });

  it('selects rows and enables batch actions with a selection', async () => {
    const user = userEvent.setup();
    setup({ resource: withActions });
    await screen.findByRole('link', { name: 'alpha' });
    // The actions come with their policy answers, which may follow the rows.
    const batch = await screen.findByRole('button', { name: 'Delete Items' });
    expect(batch).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Create Item' })).toBeEnabled();

    // Each row's checkbox is named after its item, not its position.
    await user.click(screen.getByRole('checkbox', { name: 'Select alpha' }));
    expect(batch).not.toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    for (const name of ['alpha', 'beta', 'gamma']) {
      expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
    }
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select alpha' })).not.toBeChecked();
  });

  it('hides actions the policy denies', async () => {
    setup({ resource: withActions, denied: ['test:create', 'test:delete'] });
    await screen.findByRole('link', { name: 'alpha' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create Item' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Delete Items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for alpha' })).not.toBeInTheDocument();
    // No batch action left to run: no selection either.
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select alpha' })).not.toBeInTheDocument();
  });

  it('batch-deletes, drops the deleted rows and clears the selection', async () => {
    const user = userEvent.setup();
    setup({ resource: withActions });
    await screen.findByRole('link', { name: 'alpha' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Delete Items' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Items' });
    expect(dialog).toHaveTextContent(
      'You have selected "alpha", "beta", "gamma". Please confirm your selection. Deleted Items are not recoverable.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete Items' }));
    // Item 2 (alpha) is deleted, 1 (beta) fails, 3 (gamma) has no mock and fails too.
    expect(await screen.findByText('Deleted Item: alpha.')).toBeInTheDocument();
    expect(screen.getByText('Unable to delete Items: beta, gamma.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'alpha' })).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Select beta' })).not.toBeChecked();
  });

  it('shows the empty text and the count', async () => {
    setup({ items: [] });
    expect(await screen.findByText('No items to display.')).toBeInTheDocument();
    expect(screen.getByText('Displaying 0 items')).toBeInTheDocument();
  });

  it('counts in singular and plural', async () => {
    setup({ items: [ITEMS[0] as Item] });
    expect(await screen.findByText('Displaying 1 item')).toBeInTheDocument();
  });

  it('takes the page size from the API_RESULT_PAGE_SIZE cookie', async () => {
    document.cookie = 'API_RESULT_PAGE_SIZE=2; path=/';
    const many = Array.from({ length: 5 }, (_v, i) => ({
      id: String(i),
      name: `item-${i}`,
      size: i,
      status: 'active',
    }));
    setup({ items: many });
    await screen.findByRole('link', { name: 'item-0' });
    expect(names()).toEqual(['item-0', 'item-1']);
    expect(screen.getByText('Displaying 5 items')).toBeInTheDocument();
  });

  it('takes the page size from the settings without a cookie', async () => {
    const many = Array.from({ length: 5 }, (_v, i) => ({
      id: String(i),
      name: `item-${i}`,
      size: i,
      status: 'active',
    }));
    setup({ items: many, settings: { API_RESULT_PAGE_SIZE: 3 } });
    await screen.findByRole('link', { name: 'item-0' });
    await waitFor(() => expect(names()).toEqual(['item-0', 'item-1', 'item-2']));
  });

  it('renders 5,000 rows a page at a time', async () => {
    const many = Array.from({ length: 5000 }, (_v, i) => ({
      id: String(i),
      name: `item-${String(i).padStart(4, '0')}`,
      size: i,
      status: 'active',
    }));
    setup({ items: many });
    await screen.findByRole('link', { name: 'item-0000' });
    expect(names()).toHaveLength(20);
    expect(screen.getByText('Displaying 5000 items')).toBeInTheDocument();
  });

  it('renders hostile names as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    setup({
      items: [{ id: 'h', name: hostile, size: 1, status: 'active' }],
      resource: withActions,
    });
    expect(await screen.findByRole('link', { name: hostile })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(
      await screen.findByRole('button', { name: `Actions for ${hostile}` }),
    ).toBeInTheDocument();
  });

  it('shows an expand toggle only with a summary', async () => {
    const user = userEvent.setup();
    const resource = defineResource<Item>({
      ...base,
      summary: [field(msg('ID'), (i) => `id-${i.id}`)],
    });
    setup({ resource });
    await screen.findByRole('link', { name: 'alpha' });
    const toggle = screen.getByRole('button', { name: 'Details of alpha' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('id-2')).toBeVisible();
  });
});

describe('ResourceTable facets and search', () => {
  it('filters with chips, removes them and clears all', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('link', { name: 'alpha' });

    const value = screen.getByRole('searchbox', { name: 'Filter by Name' });
    await user.type(value, 'ph{Enter}');
    expect(names()).toEqual(['alpha']);
    expect(screen.getByText('Displaying 1 item')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close ph' }));
    expect(names()).toEqual(['alpha', 'beta', 'gamma']);

    // An option facet: pick the facet, then the option.
    await user.click(screen.getByRole('button', { name: 'Filter by: Name' }));
    await user.click(screen.getByRole('option', { name: 'Status' }));
    await user.click(screen.getByRole('button', { name: 'Filter by Status' }));
    await user.click(screen.getByRole('option', { name: 'Active' }));
    expect(names()).toEqual(['beta', 'gamma']);

    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(names()).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('restores chips from the URL', async () => {
    setup({ route: '/test?name=gam' });
    await screen.findByRole('link', { name: 'gamma' });
    expect(names()).toEqual(['gamma']);
    expect(screen.getByText('gam')).toBeInTheDocument();
  });

  it('debounces free-text search by 300 ms over the shown columns', async () => {
    setup();
    await screen.findByRole('link', { name: 'alpha' });
    // Testing Library waits on setTimeout between user events, so the fake clock must also run.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'saving');
    expect(names()).toEqual(['alpha', 'beta', 'gamma']);
    act(() => vi.advanceTimersByTime(250));
    expect(names()).toEqual(['alpha', 'beta', 'gamma']);
    act(() => vi.advanceTimersByTime(50));
    expect(names()).toEqual(['alpha']);
  });

  it('lists a filter-first table only once a server facet is set', async () => {
    const user = userEvent.setup();
    const resource = defineResource<Item>({
      ...base,
      facets: [serverFacet('name', msg('Name'))],
      filterFirst: () => true,
    });
    const { listCalls } = setup({ resource });
    expect(await screen.findByText('Set a filter to list items.')).toBeInTheDocument();
    expect(listCalls).toHaveLength(0);

    await user.type(screen.getByRole('searchbox', { name: 'Filter by Name' }), 'alpha{Enter}');
    await screen.findByRole('link', { name: 'alpha' });
    expect(listCalls).toHaveLength(1);
    expect(listCalls[0]?.searchParams.get('name')).toBe('alpha');
  });
});

describe('ResourceTable polling', () => {
  it('re-lists on one timer while an item is transitional, and stops after', async () => {
    vi.useFakeTimers();
    const resource = defineResource<Item>({ ...base, transitional: (i) => i.status === 'saving' });
    const { data, listCalls } = setup({ resource });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('link', { name: 'alpha' })).toBeInTheDocument();
    expect(listCalls).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(listCalls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(listCalls).toHaveLength(3);

    data.items = data.items.map((i) => ({ ...i, status: 'active' }));
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(listCalls).toHaveLength(4);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(listCalls).toHaveLength(4);
  });

  it('does not poll without transitional items', async () => {
    vi.useFakeTimers();
    const resource = defineResource<Item>({ ...base, transitional: () => false });
    const { listCalls } = setup({ resource });
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(listCalls).toHaveLength(1);
  });
});

// --- server paging, polling only the changing rows, virtualisation (issue 14 §4) -------------

/** Items sorted by id, paged as the list routes do: after `marker` or before `prev_marker`. */
function pageOf(all: readonly Item[], url: URL): ListPage<Item> {
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const marker = url.searchParams.get('marker');
  const prev = url.searchParams.get('prev_marker');
  const name = url.searchParams.get('name');
  const sortKey = url.searchParams.get('sort_key');
  const rows = all.filter((i) => !name || i.name.includes(name));
  if (sortKey === 'size') rows.sort((a, b) => a.size - b.size);
  if (url.searchParams.get('sort_dir') === 'desc') rows.reverse();
  let start = 0;
  if (marker) start = rows.findIndex((i) => i.id === marker) + 1;
  if (prev) start = Math.max(0, rows.findIndex((i) => i.id === prev) - limit);
  const items = rows.slice(start, start + limit);
  const more = start + limit < rows.length;
  return {
    items,
    has_more_data: more,
    has_prev_data: start > 0,
    ...(more && { next_marker: items[items.length - 1]?.id }),
    ...(start > 0 && { prev_marker: items[0]?.id }),
  };
}

const paged = defineResource<Item>({
  ...base,
  // The server sorts by name and size; status it cannot.
  columns: [
    nameColumn({ priority: 1, defaultSort: true, linkToDetails: true, serverSort: 'name' }),
    sizeColumn('size', msg('Size'), (i) => i.size, { priority: 1, serverSort: 'size' }),
    textColumn('status', msg('Status'), (i) => i.status, { priority: 1 }),
  ],
  facets: [serverFacet('name', msg('Name'))],
  paging: {
    when: (scope) => scope.path === '/test',
    page: (_scope, filters, page) =>
      asPage(
        queryOptions({
          queryKey: ['test', 'items', 'page', filters, page] as const,
          queryFn: ({ signal }) =>
            apiFetch<ListPage<Item>>('api/test/items/', {
              query: { ...filters, paginate: true, ...page },
              signal,
            }),
        }),
      ),
  },
});

const FIVE: Item[] = Array.from({ length: 5 }, (_v, i) => ({
  id: String(i),
  name: `item-${i}`,
  size: i,
  status: 'active',
}));

/** Renders the table with a probe that reports the router's current address. */
function setupPaged(route = '/test') {
  const listCalls: URL[] = [];
  const at: { search: string } = { search: '' };
  function Probe(): null {
    at.search = useLocation().search;
    return null;
  }
  mockFetch(
    cloud({
      routes: {
        'GET /api/test/items/': (url) => {
          listCalls.push(url);
          if (url.searchParams.get('marker') === 'gone') {
            return { status: 400, body: { message: 'The marker gone is not in this list' } };
          }
          return { body: pageOf(FIVE, url) };
        },
      },
    }),
  );
  renderWithProviders(
    <>
      <ResourceTable resource={paged} scope={testScope('/test', 'admin')} />
      <Probe />
    </>,
    { route },
  );
  const last = (): URLSearchParams =>
    listCalls[listCalls.length - 1]?.searchParams ?? new URLSearchParams();
  return { listCalls, at, last };
}

describe('ResourceTable server paging', () => {
  it('asks for the next page with its marker, keeps it in the URL, and goes back', async () => {
    document.cookie = 'API_RESULT_PAGE_SIZE=2; path=/';
    const user = userEvent.setup();
    const { at, last } = setupPaged();
    await screen.findByRole('link', { name: 'item-0' });
    expect(names()).toEqual(['item-0', 'item-1']);
    expect(last().get('limit')).toBe('2');
    expect(last().has('marker')).toBe(false);
    // The page's rows are counted, not a total the server never gave.
    expect(screen.getByText('Displaying 2 items')).toBeInTheDocument();
    // Free text would search only this page: not offered.
    expect(screen.queryByRole('textbox', { name: 'Search' })).not.toBeInTheDocument();
    const [prev] = screen.getAllByRole('button', { name: 'Go to previous page' });
    expect(prev).toBeDisabled();

    await user.click(screen.getAllByRole('button', { name: 'Go to next page' })[0] as HTMLElement);
    await screen.findByRole('link', { name: 'item-2' });
    expect(names()).toEqual(['item-2', 'item-3']);
    expect(last().get('marker')).toBe('1');
    expect(new URLSearchParams(at.search).get('marker')).toBe('1');
    expect(new URLSearchParams(at.search).get('limit')).toBe('2');

    await user.click(screen.getAllByRole('button', { name: 'Go to next page' })[0] as HTMLElement);
    await screen.findByRole('link', { name: 'item-4' });
    expect(screen.getAllByRole('button', { name: 'Go to next page' })[0]).toBeDisabled();

    await user.click(
      screen.getAllByRole('button', { name: 'Go to previous page' })[0] as HTMLElement,
    );
    await screen.findByRole('link', { name: 'item-2' });
    expect(last().get('prev_marker')).toBe('4');
    expect(new URLSearchParams(at.search).get('prev_marker')).toBe('4');
    expect(new URLSearchParams(at.search).has('marker')).toBe(false);
  });

  it('shows the page a reloaded or shared URL names', async () => {
    const { listCalls, last } = setupPaged('/test?marker=1&limit=2');
    await screen.findByRole('link', { name: 'item-2' });
    expect(names()).toEqual(['item-2', 'item-3']);
    expect(listCalls).toHaveLength(1);
    expect(last().get('marker')).toBe('1');
    expect(last().get('limit')).toBe('2');
  });

  it('leaves a page whose marker is gone for the first page', async () => {
    const user = userEvent.setup();
    const { at, last } = setupPaged('/test?marker=gone&limit=2');
    expect(await screen.findByText('No items to display.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Go to first page' })[0] as HTMLElement);
    await screen.findByRole('link', { name: 'item-0' });
    expect(last().has('marker')).toBe(false);
    expect(new URLSearchParams(at.search).has('marker')).toBe(false);
    expect(screen.getAllByRole('button', { name: 'Go to first page' })[0]).toBeDisabled();
  });

  it('starts again at the first page when a facet changes', async () => {
    const user = userEvent.setup();
    const { at, last } = setupPaged('/test?marker=1&limit=2');
    await screen.findByRole('link', { name: 'item-2' });
    await user.type(screen.getByRole('searchbox', { name: 'Filter by Name' }), 'item{Enter}');
    await waitFor(() => expect(last().get('name')).toBe('item'));
    expect(last().has('marker')).toBe(false);
    expect(new URLSearchParams(at.search).has('marker')).toBe(false);
    expect(new URLSearchParams(at.search).get('limit')).toBe('2');
    await screen.findByRole('link', { name: 'item-0' });
  });

  it('sorts on the server by a column it can sort by, from the first page, and only by those', async () => {
    const user = userEvent.setup();
    const { at, last } = setupPaged('/test?marker=1&limit=2');
    await screen.findByRole('link', { name: 'item-2' });
    expect(last().get('sort_key')).toBe('name');
    expect(last().get('sort_dir')).toBe('asc');
    // Sorting one page in the browser would mislead: a column the server cannot sort by is not offered.
    expect(
      within(screen.getByRole('columnheader', { name: 'Status' })).queryByRole('button'),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Size' }));
    await waitFor(() => expect(last().get('sort_key')).toBe('size'));
    expect(last().has('marker')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Size' }));
    await waitFor(() => expect(last().get('sort_dir')).toBe('desc'));
    await screen.findByRole('link', { name: 'item-4' });
    // The server's order is shown as it came, not sorted again by name.
    expect(names()).toEqual(['item-4', 'item-3']);
    const url = new URLSearchParams(at.search);
    expect([url.get('sort'), url.get('dir'), url.has('marker')]).toEqual(['size', 'desc', false]);
  });

  it('remembers a chosen page size in the cookie and starts at the first page', async () => {
    const user = userEvent.setup();
    const { at, last } = setupPaged('/test?marker=1&limit=2');
    await screen.findByRole('link', { name: 'item-2' });
    await user.click(screen.getAllByRole('button', { name: '2 per page' })[0] as HTMLElement);
    await user.click(screen.getByRole('option', { name: '10 per page' }));
    await screen.findByRole('link', { name: 'item-4' });
    expect(names()).toEqual(['item-0', 'item-1', 'item-2', 'item-3', 'item-4']);
    expect(last().get('limit')).toBe('10');
    expect(last().has('marker')).toBe(false);
    expect(new URLSearchParams(at.search).get('limit')).toBe('10');
    expect(document.cookie).toContain('API_RESULT_PAGE_SIZE=10');
  });
});

describe('ResourceTable polling of changing rows only', () => {
  it('re-reads only the transitional rows, merges them, and stops after', async () => {
    vi.useFakeTimers();
    const byIds = (ids: string[]) =>
      asList(
        queryOptions({
          queryKey: ['test', 'items', 'list', { ids }] as const,
          queryFn: ({ signal }) =>
            apiFetch<{ items: Item[] }>('api/test/items/', {
              query: { ids: ids.join(',') },
              signal,
            }).then((r) => r.items),
        }),
      );
    const resource = defineResource<Item>({
      ...base,
      transitional: (i) => i.status === 'saving',
      refresh: (ids) => byIds(ids),
    });
    const listCalls: URL[] = [];
    let items = ITEMS.map((i) => ({ ...i }));
    mockFetch(
      cloud({
        routes: {
          'GET /api/test/items/': (url) => {
            listCalls.push(url);
            const ids = url.searchParams.get('ids')?.split(',');
            return { body: { items: ids ? items.filter((i) => ids.includes(i.id)) : items } };
          },
        },
      }),
    );
    renderWithProviders(
      <ResourceTable resource={resource} scope={testScope('/test', 'project')} />,
      { route: '/test' },
    );
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('cell', { name: 'saving' })).toBeInTheDocument();
    expect(listCalls).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(listCalls.map((u) => u.searchParams.get('ids'))).toEqual([null, '2']);
    // Spec 1 §9: each re-read of the same row waits an interval longer (5 s, then 7.5 s).
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(listCalls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(listCalls.map((u) => u.searchParams.get('ids'))).toEqual([null, '2', '2']);

    items = items.map((i) => ({ ...i, status: 'active' }));
    await act(() => vi.advanceTimersByTimeAsync(7500));
    expect(listCalls).toHaveLength(4);
    expect(screen.queryByRole('cell', { name: 'saving' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: 'active' })).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(listCalls).toHaveLength(4);
  });
});

describe('ResourceTable virtualisation', () => {
  it('renders only a window of 10,000 rows, named as ever, and filters them', async () => {
    document.cookie = 'API_RESULT_PAGE_SIZE=10000; path=/';
    // jsdom lays nothing out: the scroll box gets the height a browser would give it.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const many = Array.from({ length: 10_000 }, (_v, i) => ({
      id: String(i),
      name: `item-${String(i).padStart(5, '0')}`,
      size: i,
      status: 'active',
    }));
    setup({ items: many, resource: withActions });
    await screen.findByRole('link', { name: 'item-00000' });
    const shown = names();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(100);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '10001');
    expect(screen.getByText('Displaying 10000 items')).toBeInTheDocument();
    // Rows keep their accessible names (checkbox, actions) inside the window.
    // (The selection and actions come with the policy answers, which may follow the list.)
    expect(await screen.findByRole('checkbox', { name: 'Select item-00000' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for item-00000' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'item-09999');
    // A loaded machine types slowly: the search runs once, 300 ms after the last key.
    await waitFor(() => expect(names()).toEqual(['item-09999']), { timeout: 5000 });
    expect(screen.getByText('Displaying 1 item')).toBeInTheDocument();
  });
});
