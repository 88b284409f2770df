import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { msg } from '../../i18n/msg';
import { nameColumn, textColumn } from '../../registry/columns';
import { asList, defineResource } from '../../registry/defineResource';
import { cloud } from '../../testing/panelTestKit';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { testScope } from '../../testing/testScope';
import { ResourceTable } from './ResourceTable';

interface Item {
  id: string;
  name: string;
}

const list = asList({
  queryKey: ['switch-test', 'items'],
  queryFn: (): Promise<Item[]> => Promise.resolve([{ id: '1', name: 'alpha' }]),
});

const plain = defineResource<Item>({
  key: (i) => i.id,
  label: (i) => i.name,
  list: () => list,
  columns: [nameColumn({ priority: 1, defaultSort: true })],
});

const upper = (item: Item): string => item.name.toUpperCase();
/** A cell hook (it calls one), so the second declaration's table calls a hook more. */
function useUpperCell(): (item: Item) => string {
  useQueryClient();
  return upper;
}

const hooked = defineResource<Item>({
  ...plain,
  columns: [
    ...plain.columns,
    textColumn('shout', msg('Shout'), (i) => i.name, { useCell: useUpperCell }),
  ],
});

/** The route's element as a sidebar click changes it: another declaration in the same place. */
function Switcher(): ReactNode {
  const [second, setSecond] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setSecond(true)}>
        switch
      </button>
      <ResourceTable resource={second ? hooked : plain} scope={testScope('/test', 'project')} />
    </>
  );
}

describe('ResourceTable in place of another', () => {
  it('is a new table, whatever cell hooks its declaration has (one re-rendered would crash)', async () => {
    mockFetch(cloud({}));
    renderWithProviders(<Switcher />, { route: '/test' });
    expect(await screen.findByText('alpha')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('ALPHA')).toBeInTheDocument();
  });
});
