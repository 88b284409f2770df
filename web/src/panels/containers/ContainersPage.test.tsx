import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SwiftContainer, SwiftObject } from '@skydeck/contract';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { ContainersPage } from './ContainersPage';

afterEach(() => vi.unstubAllGlobals());

const BOX: SwiftContainer = {
  name: 'my box',
  count: 2,
  bytes: 2048,
  timestamp: '2026-11-27T08:00:00.000Z',
  is_public: false,
  is_fetched: true,
};
const ROWS: SwiftObject[] = [
  { name: 'a.txt', path: 'docs/a.txt', bytes: 2048, is_object: true, is_subdir: false },
  { name: 'sub', path: 'docs/sub/', bytes: 0, is_object: false, is_subdir: true },
];
const panel = {
  path: '/project/containers',
  group: 'project',
  title: 'Containers',
} as const;

const render = (
  routes: NonNullable<Parameters<typeof cloud>[0]>['routes'],
): ReturnType<typeof vi.fn> => {
  const fetch = mockFetch(
    cloud({
      routes: {
        'GET /api/swift/containers/': () => ({ body: { items: [BOX], has_more_data: false } }),
        'GET /api/swift/containers/my%20box/metadata/': () => ({ body: BOX }),
        'GET /api/swift/containers/my%20box/objects/': () => ({
          body: { items: ROWS, has_more_data: false },
        }),
        ...routes,
      },
    }),
  );
  renderWithProviders(<ContainersPage panel={panel} />, {
    route: '/project/containers/container/my%20box/docs',
  });
  return fetch;
};

describe('Containers page', () => {
  it('browses the folder the route names: breadcrumbs, folders as links, sizes or Folder', async () => {
    const fetch = render({});
    const table = await screen.findByRole('grid', { name: 'Objects' });
    expect(await within(table).findByRole('link', { name: 'sub' })).toHaveAttribute(
      'href',
      '/project/containers/container/my%20box/docs/sub',
    );
    expect(within(table).getByText('Folder')).toBeInTheDocument();
    expect(within(table).getByText('a.txt')).toBeInTheDocument();
    expect(within(table).getByText('2 KB')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByRole('link', { name: 'my box' })).toBeInTheDocument();
    const listed = fetch.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .find((url) => url.pathname.endsWith('/objects/'));
    expect(listed?.searchParams.get('path')).toBe('docs/');
  });

  it('puts the public switch back when the change fails', async () => {
    render({
      'PUT /api/swift/containers/my%20box/metadata/': () => ({
        status: 500,
        body: { message: 'Object Storage failed to process the request.' },
      }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Public Access' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(screen.queryByText('Public URL')).not.toBeInTheDocument();
  });

  it('checks a new container name: no "/", and not one that exists', async () => {
    render({});
    await userEvent.click(await screen.findByRole('button', { name: 'Create Container' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Container' });
    const name = within(dialog).getByRole('textbox', { name: /Container Name/ });
    await userEvent.type(name, 'a/b');
    expect(within(dialog).getByText('Container name must not contain "/".')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'my box');
    expect(
      await within(dialog).findByText('A container with that name exists.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
  });
});
