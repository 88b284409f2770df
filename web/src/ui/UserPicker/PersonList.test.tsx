import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render';
import { PersonList } from './PersonList';

const people = [
  { id: 'u1', name: 'alice' },
  { id: 'u2', name: '<b>bob</b>' },
];

describe('PersonList', () => {
  it('names each row and its button after the person, and acts on that person', async () => {
    const onAction = vi.fn();
    renderWithProviders(
      <PersonList label="Group Members" people={people} kind="remove" onAction={onAction} />,
    );
    const list = screen.getByRole('list', { name: 'Group Members' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['aliceRemove', '<b>bob</b>Remove']);
    // Every id a label points at exists (a label with spaces made ids that split in two).
    for (const el of list.querySelectorAll('[aria-labelledby]')) {
      for (const id of el.getAttribute('aria-labelledby')?.split(' ') ?? []) {
        expect(document.getElementById(id)).not.toBeNull();
      }
    }
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove <b>bob</b>' }));
    expect(onAction).toHaveBeenCalledWith(people[1]);
  });

  it('offers Add for found users', () => {
    renderWithProviders(
      <PersonList label="All Users" people={people} kind="add" onAction={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Add alice' })).toHaveTextContent('Add');
  });
});
