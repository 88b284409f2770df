import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { msg } from '../../i18n/msg';
import { linkAction, unavailableAction } from '../../registry/actions';
import type { Action } from '../../registry/types';
import { renderWithProviders } from '../../testing/render';
import { ActionButtons, ActionMenu } from './ActionMenu';
import type { ActionDecision } from './useActionDecisions';

const edit = linkAction<string>('edit', msg('Edit'), () => '/edit', [], { primary: true });
const pending = unavailableAction<string>('meta', msg('Update Metadata'), [], msg('Soon'));
const hidden = linkAction<string>('hidden', msg('Hidden'), () => '/h');
const inapplicable = linkAction<string>('nope', msg('Not Here'), () => '/n');

const decide = (action: Action<string>, permitted = true, applicable = true) => ({
  action,
  permitted,
  applicable,
});

describe('ActionMenu', () => {
  it('shows permitted, applicable actions; primary ones also as buttons', async () => {
    const user = userEvent.setup();
    const onRun = vi.fn();
    const decisions: ActionDecision<string>[] = [
      decide(edit),
      decide(pending),
      decide(hidden, false),
      decide(inapplicable, true, false),
    ];
    renderWithProviders(<ActionMenu name="web-1" decisions={decisions} onRun={onRun} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onRun).toHaveBeenCalledWith(edit);

    await user.click(screen.getByRole('button', { name: 'Actions for web-1' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Edit', 'Update Metadata']);
    await user.click(screen.getByRole('menuitem', { name: 'Update Metadata' }));
    expect(onRun).toHaveBeenCalledTimes(1);
  });

  it('opens on its first item from the keyboard and gives the focus back to its toggle', async () => {
    const user = userEvent.setup();
    const onRun = vi.fn();
    const other = linkAction<string>('other', msg('Other'), () => '/o');
    renderWithProviders(
      <ActionMenu name="web-1" decisions={[decide(other), decide(edit)]} onRun={onRun} />,
    );
    const toggle = screen.getByRole('button', { name: 'Actions for web-1' });
    toggle.focus();
    await user.keyboard('{Enter}');
    const first = await screen.findByRole('menuitem', { name: 'Other' });
    await vi.waitFor(() => expect(first).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onRun).toHaveBeenCalledWith(other);
    // The toggle the menu was built around (the first was a stand-in until then).
    expect(screen.getByRole('button', { name: 'Actions for web-1' })).toHaveFocus();
  });

  it('opens on the first click and stays open (the menu is built on that click)', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ActionMenu name="web-1" decisions={[decide(edit), decide(pending)]} onRun={vi.fn()} />,
    );
    // Nothing of the menu exists before it is first opened.
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for web-1' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    // The click that built it reached the document too, and did not close it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for web-1' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // A second click closes it, as before.
    await user.click(screen.getByRole('button', { name: 'Actions for web-1' }));
    await vi.waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('renders nothing without usable actions', () => {
    const { container } = renderWithProviders(
      <ActionMenu name="x" decisions={[decide(hidden, false)]} onRun={vi.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('ActionButtons', () => {
  it('keeps batch actions visible but disabled until they apply', async () => {
    const user = userEvent.setup();
    const onRun = vi.fn();
    renderWithProviders(
      <ActionButtons batch decisions={[decide(inapplicable, true, false)]} onRun={onRun} />,
    );
    const button = screen.getByRole('button', { name: 'Not Here' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(onRun).not.toHaveBeenCalled();
  });
});
