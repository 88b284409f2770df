import { describe, expect, it } from 'vitest';
import { useState, type ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/render';
import { TransferTable } from './TransferTable';

interface Item {
  id: string;
  name: string;
}
const ITEMS: Item[] = [
  { id: 'a', name: 'alpha' },
  { id: 'b', name: 'beta' },
  { id: 'c', name: 'gamma' },
];

function Harness({
  max,
  reason,
}: {
  max?: number;
  reason?: (i: Item) => string | undefined;
}): ReactNode {
  const [allocated, setAllocated] = useState<string[]>([]);
  return (
    <TransferTable<Item>
      label="Things"
      items={ITEMS}
      itemKey={(i) => i.id}
      itemName={(i) => i.name}
      columns={[{ title: 'Name', cell: (i) => i.name }]}
      allocated={allocated}
      onChange={setAllocated}
      max={max}
      maxHelp="Only one thing may be allocated."
      disabledReason={reason}
      emptyAllocated="Nothing allocated"
    />
  );
}

const allocatedNames = (): string[] =>
  within(screen.getByRole('grid', { name: 'Allocated Things' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent ?? '');

describe('TransferTable (spec 2 §5)', () => {
  it('moves items between available and allocated, unlimited by default', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    expect(screen.getByText('Nothing allocated')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Allocate alpha' }));
    await user.click(screen.getByRole('button', { name: 'Allocate gamma' }));
    expect(allocatedNames()).toEqual([
      expect.stringContaining('alpha'),
      expect.stringContaining('gamma'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove alpha' }));
    expect(allocatedNames()).toEqual([expect.stringContaining('gamma')]);
    expect(screen.getByRole('button', { name: 'Allocate alpha' })).toBeInTheDocument();
  });

  it('with a maximum of 1 a new allocation replaces the old one', async () => {
    renderWithProviders(<Harness max={1} />);
    const user = userEvent.setup();
    expect(screen.getByText('Only one thing may be allocated.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Allocate alpha' }));
    await user.click(screen.getByRole('button', { name: 'Allocate beta' }));
    expect(allocatedNames()).toEqual([expect.stringContaining('beta')]);
  });

  it('searches the available items', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search the available Things' }), 'amm');
    const available = screen.getByRole('grid', { name: 'Available Things' });
    expect(within(available).getAllByRole('row')).toHaveLength(2);
    expect(within(available).getByText('gamma')).toBeInTheDocument();
  });

  it('disables an item with its reason shown', async () => {
    renderWithProviders(<Harness reason={(i) => (i.id === 'b' ? 'Too small' : undefined)} />);
    const user = userEvent.setup();
    const add = screen.getByRole('button', { name: 'Allocate beta' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Too small')).toBeVisible();
    await user.click(add);
    expect(screen.getByText('Nothing allocated')).toBeInTheDocument();
  });
});
