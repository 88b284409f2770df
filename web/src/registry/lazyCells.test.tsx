import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/msg';
import { renderWithProviders } from '../testing/render';
import { labelColumn } from './columns';
import { copyableField } from './fields';
import type { CellContext } from './types';

interface Item {
  status: string;
  key: string;
}

const ctx: CellContext = { detailsHref: '/x' };

describe('parts that load with their first use', () => {
  it('a copyable field shows its text in the clipboard widget', async () => {
    const field = copyableField<Item>(msg('Public Key'), (i) => i.key);
    renderWithProviders(<>{field.value({ status: 'active', key: 'ssh-ed25519 AAAA' })}</>);
    expect(await screen.findByRole('textbox', { name: 'Public Key' })).toHaveValue(
      'ssh-ed25519 AAAA',
    );
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toBeInTheDocument();
  });

  it('a transitional status gets its loading bar under the label', async () => {
    const column = labelColumn<Item>('status', msg('Status'), (i) => i.status, {
      labels: { saving: msg('Saving') },
      inProgress: (i) => i.status === 'saving',
    });
    renderWithProviders(<>{column.cell?.({ status: 'saving', key: '' }, ctx)}</>);
    expect(await screen.findByRole('progressbar', { name: 'Saving in progress' })).toBeVisible();
    expect(screen.getByText('Saving')).toBeInTheDocument();
  });
});
