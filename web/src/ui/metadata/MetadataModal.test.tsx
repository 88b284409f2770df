import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MetadefNamespace } from '@skydeck/contract';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { MetadataModal } from './MetadataModal';

const NS: MetadefNamespace = {
  namespace: 'OS::Compute::Quota',
  display_name: 'Quota',
  description: '',
  properties: { quota_cpu: { title: 'CPU Quota', type: 'integer', minimum: 0 } },
  objects: [],
  resource_type_associations: [],
};

function setup(patchStatus: number) {
  const patches: unknown[] = [];
  mockFetch(
    cloud({
      routes: {
        'GET /api/glance/metadefs/namespaces/': () => ({ body: { items: [NS] } }),
        'GET /api/nova/flavors/f1/extra-specs/': () => ({ body: { QUOTA_CPU: '2', other: 'x' } }),
        'PATCH /api/nova/flavors/f1/extra-specs/': (_url, init) => {
          patches.push(init.json);
          return patchStatus === 204
            ? { status: 204 }
            : { status: patchStatus, body: { message: 'boom' } };
        },
      },
    }),
  );
  const onClose = vi.fn();
  renderWithProviders(<MetadataModal kind="flavor" id="f1" onClose={onClose} />);
  return { patches, onClose };
}

afterEach(() => vi.unstubAllGlobals());

describe('MetadataModal', () => {
  it('matches keys case-insensitively and sends updated and removed', async () => {
    const user = userEvent.setup();
    const { patches, onClose } = setup(204);
    const cpu = await screen.findByRole('textbox', { name: 'CPU Quota' });
    expect(cpu).toHaveValue('2');
    await user.clear(cpu);
    await user.type(cpu, '1.5');
    expect(screen.getByText('Integer required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(cpu);
    await user.type(cpu, '4');
    await user.click(screen.getByRole('button', { name: 'Remove other' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ updated: ['f1'] }));
    expect(patches).toEqual([{ updated: { quota_cpu: '4' }, removed: ['other'] }]);
    expect(await screen.findByText('Metadata was successfully updated')).toBeInTheDocument();
  });

  it('indents the properties of a namespace under it', async () => {
    setup(204);
    await screen.findByRole('textbox', { name: 'CPU Quota' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove CPU Quota' }));
    const expand = screen.getByRole('button', { name: 'Expand Quota' });
    if (expand.getAttribute('aria-expanded') !== 'true') await user.click(expand);
    const add = await screen.findByRole('button', { name: 'Add CPU Quota' });
    const children = add.closest('ul') as HTMLElement;
    expect(children.closest('li')).toHaveTextContent('Quota');
    expect(children.style.paddingInlineStart).toBe('var(--pf-t--global--spacer--xl)');
  });

  it('stays open with the failure message when the save fails', async () => {
    const user = userEvent.setup();
    const { onClose } = setup(500);
    await screen.findByRole('textbox', { name: 'CPU Quota' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Unable to update metadata')).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
