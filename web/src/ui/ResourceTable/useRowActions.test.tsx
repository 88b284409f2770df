import { useEffect, type ReactNode } from 'react';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { msg } from '../../i18n/msg';
import { modalAction } from '../../registry/actions';
import { defineResource } from '../../registry/defineResource';
import { policy, type ActionResult, type ModalProps } from '../../registry/types';
import { cloud } from '../../testing/panelTestKit';
import { mockFetch, testQueryClient } from '../../testing/render';
import { useRowActions } from './useRowActions';

interface Row {
  id: string;
  locked: boolean;
}

/** The outcome the test's modal reports as soon as it renders. */
let outcome: ActionResult | undefined;
function Done({ onClose }: ModalProps<unknown>): ReactNode {
  useEffect(() => onClose(outcome), [onClose]);
  return null;
}

const NAMES = { one: msg('Row'), many: msg('Rows') };
const resource = defineResource<Row>({
  key: (r) => r.id,
  label: (r) => r.id,
  columns: [],
  list: () => {
    throw new Error('not listed here');
  },
  actions: {
    row: [
      modalAction<Row>('edit', msg('Edit'), [policy('test', 'test:edit')], async () => Done, {
        allowed: (r) => !r.locked,
      }),
    ],
    batch: [
      modalAction<Row[]>(
        'forget',
        msg('Forget'),
        [policy('test', 'test:forget')],
        async () => Done,
      ),
    ],
  },
});

const A: Row = { id: 'a', locked: false };
const ROWS: Row[] = [A, { id: 'b', locked: true }];

function renderActions(denied: string[] = []) {
  mockFetch(cloud({ denied }));
  const client = testQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const onDeleted = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }): ReactNode => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => useRowActions({ resource, names: NAMES, pageRows: ROWS, selected: ROWS, onDeleted }),
    { wrapper },
  );
  return { ...hook, invalidate, onDeleted };
}

describe('useRowActions', () => {
  it('decides each row action per row and offers selection only with a permitted batch action', async () => {
    const { result } = renderActions();
    await waitFor(() => expect(result.current.hasBatch).toBe(true));
    expect(result.current.hasRowActions).toBe(true);
    expect(result.current.row.decisions.map((d) => d[0]?.applicable)).toEqual([true, false]);
  });

  it('has no selection and no actions column when the policy denies them', async () => {
    const { result } = renderActions(['test:edit', 'test:forget']);
    await waitFor(() => expect(result.current.row.loading).toBe(false));
    expect(result.current.hasBatch).toBe(false);
    expect(result.current.hasRowActions).toBe(false);
  });

  it('drops deleted rows and leaves refetching to the mutations', async () => {
    mockFetch(cloud());
    const client = testQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const onDeleted = vi.fn();
    const latestRef: { current?: ReturnType<typeof useRowActions<Row>> } = {};
    function Harness(): ReactNode {
      const actions = useRowActions({
        resource,
        names: NAMES,
        pageRows: ROWS,
        selected: ROWS,
        onDeleted,
      });
      useEffect(() => {
        latestRef.current = actions;
      });
      return actions.host.element;
    }
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Harness />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const edit = resource.actions?.row?.[0];
    if (!edit) throw new Error('no edit action');

    outcome = { updated: ['a'] };
    act(() => latestRef.current?.host.run(edit, A));
    await waitFor(() => expect(latestRef.current?.host.element).toBeNull());
    outcome = { deleted: ['a'] };
    act(() => latestRef.current?.host.run(edit, A));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(['a']));
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
