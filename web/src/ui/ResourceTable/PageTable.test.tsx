import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg } from '../../i18n/msg';
import { nameColumn } from '../../registry/columns';
import type { PanelDecl } from '../../registry/types';
import { cloud } from '../../testing/panelTestKit';
import { adminPagedRows } from '../../testing/pagedRows';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { PageTable } from './PageTable';

interface Row {
  id: string;
  name: string;
}

const PANEL: PanelDecl = { path: '/admin/info', group: 'admin', title: msg('System Information') };

afterEach(() => vi.unstubAllGlobals());

describe('PageTable', () => {
  it('shows another type’s rows on the page panel, named by that type', async () => {
    mockFetch(cloud());
    const resource = adminPagedRows<Row>({
      page: () => ({ items: [{ id: 's1', name: 'nova-compute' }] }),
      extra: { label: (r) => r.name, columns: [nameColumn({ priority: 1, linkToDetails: true })] },
    });
    renderWithProviders(
      <PageTable
        panel={PANEL}
        resource={resource}
        type="OS::Nova::Service"
        names={{ one: msg('Compute Service'), many: msg('Compute Services') }}
      />,
      { route: '/admin/info' },
    );
    const table = await screen.findByRole('grid', { name: 'Compute Services' });
    expect(await within(table).findByRole('link', { name: 'nova-compute' })).toHaveAttribute(
      'href',
      '/ngdetails/OS::Nova::Service/s1',
    );
  });
});
