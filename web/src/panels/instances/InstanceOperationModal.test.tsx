import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Instance } from '@skydeck/contract';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { toast, toastStore } from '../../ui/Toasts/toast';
import { flavorFixture, instanceFixture } from './instanceFixtures';
import { OPERATIONS } from './instanceActionRules';
import { InstanceEditModal } from './InstanceEditModal';
import { InstanceOperationModal } from './InstanceOperationModal';
import { InstanceRebuildModal } from './InstanceRebuildModal';
import { InstanceResizeModal } from './InstanceResizeModal';

const instance = instanceFixture;

const flavor = flavorFixture;

/** Every action posted, as [instance id, body]; ids in `refuse` answer Nova's 409. */
function setup(refuse: readonly string[] = []) {
  const posts: Array<[string, unknown]> = [];
  const action = (url: URL, init: RequestInit & { json?: unknown }) => {
    const id = url.pathname.split('/')[4] ?? '';
    posts.push([id, init.json]);
    if (refuse.includes(id)) {
      return { status: 409, body: { message: `Cannot 'stop' instance ${id}` } };
    }
    return { status: 202, body: { id, operation: (init.json as { operation: string }).operation } };
  };
  mockFetch(
    cloud({
      routes: {
        'POST /api/nova/servers/i-1/': action,
        'POST /api/nova/servers/i-2/': action,
        'POST /api/nova/servers/i-3/': action,
        'GET /api/nova/flavors/': () => ({
          body: { items: [flavor('1', 'm1.tiny', 512), flavor('2', 'm1.small', 2048)] },
        }),
        'GET /api/glance/images/': () => ({
          body: {
            items: [{ id: 'img-2', name: 'debian', status: 'active', container_format: 'bare' }],
          },
        }),
        'PUT /api/nova/servers/i-1/': (_url, init) => {
          posts.push(['i-1', init.json]);
          return { body: instance(init.json as Partial<Instance>) };
        },
      },
    }),
  );
  return { posts, onClose: vi.fn() };
}

const messages = (): string[] => toastStore.get().map((item) => `${item.type}: ${item.message}`);

beforeEach(() => toast.reset());
afterEach(() => vi.unstubAllGlobals());

describe('InstanceOperationModal', () => {
  it('confirms, runs on the selected instances that can, and reports each outcome', async () => {
    const user = userEvent.setup();
    const { posts, onClose } = setup(['i-2']);
    const selected = [
      instance(),
      instance({ id: 'i-2', name: 'web-2' }),
      instance({ id: 'i-3', name: 'web-3', status: 'SHUTOFF' }),
    ];
    renderWithProviders(
      <InstanceOperationModal decl={OPERATIONS.stop} target={selected} onClose={onClose} />,
    );
    expect(screen.getByText('Confirm Shut Off Instance')).toBeInTheDocument();
    expect(screen.getByText(/Not possible in their current state.*web-3/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Shut Off Instance' }));
    await waitFor(() =>
      expect(onClose).toHaveBeenCalledWith({ updated: ['i-1'], failed: ['i-2'] }),
    );
    expect(posts).toEqual([
      ['i-1', { operation: 'stop' }],
      ['i-2', { operation: 'stop' }],
    ]);
    expect(messages()).toEqual([
      'info: Shutting off web-1.',
      'danger: Unable to stop the server with id: i-2',
    ]);
  });
});

describe('the forms', () => {
  it('resizes to a chosen flavor other than the current one', async () => {
    const user = userEvent.setup();
    const { posts, onClose } = setup();
    renderWithProviders(<InstanceResizeModal target={instance()} onClose={onClose} />);
    const select = await screen.findByRole('combobox', { name: /New Flavor/ });
    expect([...select.querySelectorAll('option')].map((o) => o.value)).toEqual(['', '2']);
    await user.selectOptions(select, '2');
    await user.click(screen.getByRole('button', { name: 'Resize' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ updated: ['i-1'] }));
    expect(posts).toEqual([
      ['i-1', { operation: 'resize', flavorRef: '2', 'OS-DCF:diskConfig': 'AUTO' }],
    ]);
    expect(messages()).toEqual(['info: Resizing web-1.']);
  });

  it('rebuilds only when the passwords match', async () => {
    const user = userEvent.setup();
    const { posts, onClose } = setup();
    renderWithProviders(<InstanceRebuildModal target={instance()} onClose={onClose} />);
    const image = await screen.findByRole('combobox', { name: /Select Image/ });
    await user.selectOptions(image, 'img-2');
    await user.type(screen.getByLabelText('Rebuild Password'), 'secret-1');
    await user.type(screen.getByLabelText('Confirm Rebuild Password'), 'secret-2');
    await user.tab();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Rebuild Instance' });
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText('Confirm Rebuild Password'));
    await user.type(screen.getByLabelText('Confirm Rebuild Password'), 'secret-1');
    await user.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ updated: ['i-1'] }));
    expect(posts).toEqual([
      [
        'i-1',
        {
          operation: 'rebuild',
          imageRef: 'img-2',
          adminPass: 'secret-1',
          'OS-DCF:diskConfig': 'AUTO',
        },
      ],
    ]);
  });

  it('edits the name and description', async () => {
    const user = userEvent.setup();
    const { posts, onClose } = setup();
    renderWithProviders(<InstanceEditModal target={instance()} onClose={onClose} />);
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'web-9');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Front');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ updated: ['i-1'] }));
    expect(posts).toEqual([['i-1', { name: 'web-9', description: 'Front' }]]);
    expect(messages()).toEqual(['success: Instance web-9 was successfully updated.']);
  });
});
