import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { CreateFlavorModal } from './CreateFlavorModal';
import { EditFlavorModal } from './EditFlavorModal';
import { ModifyAccessModal } from './ModifyAccessModal';
import { PROJECTS, flavor } from './flavorFixtures';

const TINY = flavor({ id: 'f-tiny', name: 'm1.tiny' });
const PRIVATE = flavor({
  id: 'f-priv',
  name: 'private.big',
  vcpus: 8,
  ram: 16384,
  disk: 80,
  'os-flavor-access:is_public': false,
  access_list: ['p-demo'],
});

function setup() {
  const requests: { method: string; path: string; body: unknown }[] = [];
  mockFetch(
    cloud({
      routes: {
        'GET /api/nova/flavors/': () => ({ body: { items: [TINY, PRIVATE] } }),
        'GET /api/nova/flavors/f-priv/': () => ({ body: PRIVATE }),
        'GET /api/keystone/projects/': () => ({ body: { items: PROJECTS } }),
        'POST /api/nova/flavors/': (_url, init) => {
          requests.push({ method: 'POST', path: '/api/nova/flavors/', body: init.json });
          const body = init.json as { name: string };
          return { body: flavor({ id: 'new-id', name: body.name }) };
        },
        'PATCH /api/nova/flavors/f-priv/': (_url, init) => {
          requests.push({ method: 'PATCH', path: '/api/nova/flavors/f-priv/', body: init.json });
          return { body: PRIVATE };
        },
      },
    }),
  );
  return { requests, onClose: vi.fn() };
}

const field = (name: RegExp): HTMLElement => screen.getByRole('textbox', { name });
const number = (name: RegExp): HTMLElement => screen.getByRole('spinbutton', { name });

async function fill(user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) {
  const input = number(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

afterEach(() => vi.unstubAllGlobals());

describe('CreateFlavorModal', () => {
  it('validates names, ids and sizes', async () => {
    const user = userEvent.setup();
    const { onClose } = setup();
    renderWithProviders(<CreateFlavorModal target={undefined} onClose={onClose} />);
    const submit = screen.getByRole('button', { name: 'Create Flavor' });
    expect(submit).toBeDisabled();
    expect(field(/^ID/)).toHaveValue('auto');

    await user.type(field(/^Name/), 'm1.tiny');
    expect(await screen.findByText('A flavor with this name already exists.')).toBeInTheDocument();

    await user.clear(field(/^ID/));
    await user.type(field(/^ID/), ' bad/id');
    expect(
      screen.getByText(
        'The ID may contain letters, digits, periods, underscores, hyphens and inner spaces.',
      ),
    ).toBeInTheDocument();
    await user.clear(field(/^ID/));
    await user.type(field(/^ID/), 'f-tiny');
    expect(screen.getByText('A flavor with this ID already exists.')).toBeInTheDocument();

    await fill(user, /^VCPUs/, '0');
    expect(screen.getByText('Enter a whole number of at least 1.')).toBeInTheDocument();
    await fill(user, /^RX\/TX Factor/, '0');
    expect(screen.getByText('Enter a number greater than 0.')).toBeInTheDocument();
    await fill(user, /^RAM/, '5');
    await user.clear(number(/^RAM/));
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('creates a public flavor with a generated id', async () => {
    const user = userEvent.setup();
    const { requests, onClose } = setup();
    renderWithProviders(<CreateFlavorModal target={undefined} onClose={onClose} />);
    await user.type(field(/^Name/), 'm1.small');
    await fill(user, /^VCPUs/, '2');
    await fill(user, /^RAM/, '2048');
    await fill(user, /^Root Disk/, '20');
    await fill(user, /^Swap Disk/, '512');
    await user.click(screen.getByRole('button', { name: 'Create Flavor' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: ['new-id'] }));
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/nova/flavors/',
        body: {
          name: 'm1.small',
          vcpus: 2,
          ram: 2048,
          disk: 20,
          ephemeral: 0,
          swap: 512,
          rxtx_factor: 1,
          is_public: true,
        },
      },
    ]);
    expect(
      await screen.findByText('Flavor m1.small was successfully created.'),
    ).toBeInTheDocument();
  });

  it('creates a private flavor with its id and access list', async () => {
    const user = userEvent.setup();
    const { requests, onClose } = setup();
    renderWithProviders(<CreateFlavorModal target={undefined} onClose={onClose} />);
    await user.type(field(/^Name/), 'gpu.large');
    await user.clear(field(/^ID/));
    await user.type(field(/^ID/), 'gpu-large');
    await fill(user, /^VCPUs/, '16');
    await fill(user, /^RAM/, '65536');
    await user.click(screen.getByRole('checkbox', { name: /Public/ }));

    const available = await screen.findByRole('listbox', { name: 'Available projects' });
    await user.click(within(available).getByRole('option', { name: 'demo' }));
    await user.click(within(available).getByRole('option', { name: 'alt_demo' }));
    await user.click(screen.getByRole('button', { name: 'Add marked projects' }));
    const chosen = screen.getByRole('listbox', { name: 'Selected projects' });
    expect(
      within(chosen)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['alt_demo', 'demo']);

    await user.click(screen.getByRole('button', { name: 'Create Flavor' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toEqual({
      id: 'gpu-large',
      name: 'gpu.large',
      vcpus: 16,
      ram: 65536,
      disk: 0,
      ephemeral: 0,
      swap: 0,
      rxtx_factor: 1,
      is_public: false,
      flavor_access: ['p-demo', 'p-alt'],
    });
  });
});

describe('EditFlavorModal', () => {
  it('edits the flavor prefilled with its access list', async () => {
    const user = userEvent.setup();
    const { requests, onClose } = setup();
    renderWithProviders(<EditFlavorModal target={PRIVATE} onClose={onClose} />);
    expect(await screen.findByRole('dialog', { name: 'Edit Flavor' })).toBeInTheDocument();
    expect(field(/^Name/)).toHaveValue('private.big');
    expect(field(/^ID/)).toHaveAttribute('readonly');
    expect(number(/^RAM/)).toHaveValue(16384);
    const chosen = await screen.findByRole('listbox', { name: 'Selected projects' });
    expect(within(chosen).getByRole('option', { name: 'demo' })).toBeInTheDocument();

    await fill(user, /^VCPUs/, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ updated: ['f-priv'] }));
    expect(requests[0]).toEqual({
      method: 'PATCH',
      path: '/api/nova/flavors/f-priv/',
      body: {
        name: 'private.big',
        vcpus: 12,
        ram: 16384,
        disk: 80,
        ephemeral: 0,
        swap: 0,
        rxtx_factor: 1,
        is_public: false,
        flavor_access: ['p-demo'],
      },
    });
    expect(
      await screen.findByText('Flavor private.big was successfully updated.'),
    ).toBeInTheDocument();
  });
});

describe('ModifyAccessModal', () => {
  it('changes only the access list', async () => {
    const user = userEvent.setup();
    const { requests, onClose } = setup();
    renderWithProviders(<ModifyAccessModal target={PRIVATE} onClose={onClose} />);
    const chosen = await screen.findByRole('listbox', { name: 'Selected projects' });
    await user.click(within(chosen).getByRole('option', { name: 'demo' }));
    await user.click(screen.getByRole('button', { name: 'Remove marked projects' }));
    await user.click(screen.getByRole('button', { name: 'Add all projects' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ updated: ['f-priv'] }));
    expect(requests[0]?.body).toMatchObject({
      name: 'private.big',
      vcpus: 8,
      is_public: false,
      flavor_access: ['p-admin', 'p-alt', 'p-demo'],
    });
  });
});
