import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MetadefNamespace, ServiceCatalog } from '@skydeck/contract';
import { cloud, type Route } from '../testing/panelTestKit';
import { mockFetch, renderWithProviders } from '../testing/render';
import { LaunchInstanceWizard } from './LaunchInstanceWizard';

const endpoint = (type: string): ServiceCatalog[number] => ({
  id: type,
  type,
  name: type,
  endpoints: [
    { id: type, interface: 'public', region: 'RegionOne', region_id: 'RegionOne', url: 'x' },
  ],
});

const list =
  (items: unknown[]): Route =>
  () => ({ body: { items } });

const flavor = (id: string, vcpus: number, ram: number, disk: number) => ({
  id,
  name: `f${id}`,
  vcpus,
  ram,
  disk,
  'OS-FLV-EXT-DATA:ephemeral': 0,
  'os-flavor-access:is_public': true,
  swap: 0,
  rxtx_factor: 1,
});

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** Glance's definitions of a server's metadata and of its scheduler hints, by target. */
const METADEFS: Record<string, MetadefNamespace[]> = {
  metadata: [
    {
      namespace: 'OS::Software::WebServers',
      display_name: 'Web Servers',
      description: '',
      properties: { sw_tier: { title: 'Tier', type: 'string', enum: ['front', 'back'] } },
      objects: [
        {
          name: 'Apache',
          properties: {
            sw_webserver_apache_http_port: {
              title: 'HTTP Port',
              type: 'integer',
              minimum: 1,
              maximum: 65535,
              default: 80,
            },
          },
        },
      ],
      resource_type_associations: [{ name: 'OS::Nova::Server', properties_target: 'metadata' }],
    },
  ],
  scheduler_hints: [
    {
      namespace: 'OS::Compute::SchedulerHints',
      display_name: 'Scheduler Hints',
      description: '',
      properties: { same_host: { title: 'Same Host As', type: 'string', pattern: UUID } },
      objects: [],
      resource_type_associations: [
        { name: 'OS::Nova::Server', properties_target: 'scheduler_hints' },
      ],
    },
  ],
};

interface Setup {
  services?: string[];
  extensions?: string[];
  denied?: string[];
  validate?: (step: string) => Record<string, Record<string, string>> | undefined;
  /** Namespaces by properties_target; null: Glance fails. Unset: no metadefs route at all. */
  metadefs?: Record<string, MetadefNamespace[]> | null;
}

function setup({
  services = ['compute', 'image', 'network', 'volumev3'],
  extensions = ['os-keypairs', 'os-server-groups', 'OS-SCH-HNT'],
  denied = [],
  validate = () => undefined,
  metadefs,
}: Setup = {}) {
  const posts: unknown[] = [];
  const metadefQueries: string[] = [];
  const spy = mockFetch(
    cloud({
      denied,
      settings: { ENABLE_SCHEDULER_HINTS: true },
      routes: {
        'GET /api/keystone/user-session/': () => ({ body: { services_region: 'RegionOne' } }),
        'GET /api/keystone/svc-catalog/': () => ({ body: services.map(endpoint) }),
        'GET /api/nova/extensions/': list(extensions.map((alias) => ({ alias, name: alias }))),
        'GET /api/nova/limits/': () => ({
          body: {
            maxTotalInstances: 10,
            totalInstancesUsed: 1,
            maxTotalCores: 4,
            totalCoresUsed: 1,
            maxTotalRAMSize: 8192,
            totalRAMUsed: 512,
          },
        }),
        'GET /api/glance/images/': list([
          {
            id: 'img',
            name: 'cirros',
            status: 'active',
            visibility: 'public',
            container_format: 'bare',
            disk_format: 'qcow2',
            size: 20000000,
            min_disk: 2,
            min_ram: 0,
            created_at: '2026-01-01T00:00:00Z',
            properties: {},
          },
        ]),
        'GET /api/nova/availzones/': list([{ zoneName: 'nova', zoneState: { available: true } }]),
        'GET /api/cinder/volumes/': list([]),
        'GET /api/cinder/volumesnapshots/': list([]),
        'GET /api/nova/flavors/': list([flavor('1', 1, 512, 1), flavor('2', 8, 1024, 20)]),
        'GET /api/nova/keypairs/': list([{ name: 'mykey', type: 'ssh', fingerprint: 'aa' }]),
        'GET /api/nova/servergroups/': list([]),
        'GET /api/neutron/networks/': list([]),
        'GET /api/neutron/securitygroups/': list([
          { id: 'sg1', name: 'default', description: '', project_id: 'p', rules: [] },
        ]),
        ...(metadefs !== undefined && {
          'GET /api/glance/metadefs/namespaces/': (url) => {
            metadefQueries.push(url.search);
            if (metadefs === null) return { status: 503, body: { message: 'Glance is down' } };
            return {
              body: { items: metadefs[url.searchParams.get('properties_target') ?? ''] ?? [] },
            };
          },
        }),
        'POST /api/nova/servers/': (url, init) => {
          const step = url.searchParams.get('validate');
          if (step === null) {
            posts.push(init.json);
            return { status: 202, body: { id: 'new', count: 1 } };
          }
          const errors = validate(step);
          return errors
            ? { status: 400, body: { message: 'invalid', has_errors: true, errors } }
            : { body: { has_errors: false, errors: {}, workflow_slug: 'launch_instance' } };
        },
      },
    }),
  );
  return { spy, posts, metadefQueries };
}

const stepNames = async (): Promise<string[]> => {
  const nav = await screen.findByRole('navigation', { name: 'Steps' });
  return within(nav)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '');
};

/** Opens the wizard on the preset cirros image, names the instance vm1 and goes on to Source. */
async function openOnSource() {
  const onClose = vi.fn();
  renderWithProviders(
    <LaunchInstanceWizard preset={{ source_type: 'image', source_id: 'img' }} onClose={onClose} />,
  );
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /Instance Name/ }), 'vm1');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return { user, onClose };
}

/** As openOnSource, then on to Flavor, where the flavor that fits (f1) is allocated. */
async function openOnFlavor() {
  const opened = await openOnSource();
  await opened.user.click(await screen.findByRole('button', { name: 'Next' }));
  await opened.user.click(await screen.findByRole('button', { name: 'Allocate f1' }));
  return opened;
}

afterEach(() => vi.unstubAllGlobals());

describe('LaunchInstanceWizard (spec 3 §2)', () => {
  it('has all eleven steps when every service, extension and rule is there', async () => {
    setup();
    renderWithProviders(<LaunchInstanceWizard onClose={vi.fn()} />);
    expect(await stepNames()).toEqual([
      'Details',
      'Source',
      'Flavor',
      'Networks',
      'Network Ports',
      'Security Groups',
      'Key Pair',
      'Configuration',
      'Server Groups',
      'Scheduler Hints',
      'Metadata',
    ]);
    // Spec 3 §9: a single zone is preselected (no "Any" choice).
    const zone = screen.getByRole('combobox', { name: /Availability Zone/ });
    expect(zone).toHaveValue('nova');
    expect(
      within(zone)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['nova']);
  });

  it('drops the network steps without a network service, Key Pair without its extension, and Server Groups without the rule', async () => {
    setup({
      services: ['compute', 'image'],
      extensions: ['os-server-groups'],
      denied: ['os_compute_api:os-server-groups:index'],
    });
    renderWithProviders(<LaunchInstanceWizard onClose={vi.fn()} />);
    expect(await stepNames()).toEqual(['Details', 'Source', 'Flavor', 'Configuration', 'Metadata']);
  });

  it('shows the server errors of a step on Next and focuses the first', async () => {
    setup({
      validate: (step) =>
        step === 'details'
          ? { details: { name: 'A name is required for your instance.' } }
          : undefined,
    });
    renderWithProviders(<LaunchInstanceWizard onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('A name is required for your instance.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Instance Name/ })).toHaveFocus(),
    );
    // Typing answers the message: it goes until the step is checked again.
    await user.type(screen.getByRole('textbox', { name: /Instance Name/ }), 'vm');
    expect(screen.queryByText('A name is required for your instance.')).not.toBeInTheDocument();
  });

  it('preselects the image, disables flavors that do not fit with the reason, and launches', async () => {
    const { posts } = setup();
    const { user, onClose } = await openOnSource();
    // Source: the preset image is allocated.
    expect(
      await within(await screen.findByRole('grid', { name: 'Allocated Source' })).findByText(
        'cirros',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Flavor: 8 VCPUs is more than the 3 left.
    const big = await screen.findByRole('button', { name: 'Allocate f2' });
    expect(big).toHaveAttribute('aria-disabled', 'true');
    expect(
      screen.getByText(/Not enough VCPUs left in your quota: 8 needed, 3 available\./),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Allocate f1' }));
    await user.click(screen.getByRole('button', { name: 'Metadata' }));
    await user.click(await screen.findByRole('button', { name: 'Launch Instance' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: ['vm1'] }));
    expect(posts[0]).toMatchObject({
      name: 'vm1',
      source_type: 'image',
      source_id: 'img',
      flavor_id: '1',
      vol_create: true,
      // The larger of the image (1 GB rounded up), its min_disk (2) and the flavor disk (1).
      vol_size: 2,
      // Spec 3 §9: the group named default is preselected.
      security_groups: ['sg1'],
    });
  });

  it('offers the metadefs of a server in the Metadata and Scheduler Hints steps and sends what is chosen', async () => {
    const { posts, metadefQueries } = setup({ metadefs: METADEFS });
    const { user, onClose } = await openOnFlavor();

    // Scheduler Hints: the hint definitions, a value their pattern refuses, then a good one.
    await user.click(screen.getByRole('button', { name: 'Scheduler Hints' }));
    await user.click(await screen.findByRole('button', { name: 'Expand Scheduler Hints' }));
    await user.click(screen.getByRole('button', { name: 'Add Same Host As' }));
    const sameHost = screen.getByRole('textbox', { name: 'Same Host As' });
    await user.type(sameHost, 'not-a-server');
    expect(screen.getByText('Pattern mismatch')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Correct the values marked as invalid: same_host.'),
    ).toBeVisible();
    await waitFor(() => expect(sameHost).toHaveFocus());
    await user.clear(sameHost);
    await user.type(sameHost, '0e3b5f4e-9f6c-4bde-8d3a-3f1d8a6c2b10');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Metadata: a property with choices, a typed one with its default, and a key of our own.
    await user.click(await screen.findByRole('button', { name: 'Expand Web Servers' }));
    await user.click(screen.getByRole('button', { name: 'Add Tier' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tier' }), 'back');
    await user.click(screen.getByRole('button', { name: 'Expand Apache' }));
    await user.click(screen.getByRole('button', { name: 'Add HTTP Port' }));
    const port = screen.getByRole('textbox', { name: 'HTTP Port' });
    expect(port).toHaveValue('80');
    await user.clear(port);
    await user.type(port, '70000');
    expect(screen.getByText('Max: 65535')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Custom' }), 'owner');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByRole('textbox', { name: 'owner' }), 'ops');
    // An out-of-range value stops the launch on this step.
    await user.click(screen.getByRole('button', { name: 'Launch Instance' }));
    expect(
      await screen.findByText(
        'Correct the values marked as invalid: sw_webserver_apache_http_port.',
      ),
    ).toBeVisible();
    expect(posts).toEqual([]);
    await user.clear(port);
    await user.type(port, '8080');
    // Leaving the step and coming back keeps what was chosen.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('combobox', { name: 'Tier' })).toHaveValue('back');
    expect(screen.getByRole('textbox', { name: 'HTTP Port' })).toHaveValue('8080');

    await user.click(screen.getByRole('button', { name: 'Launch Instance' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: ['vm1'] }));
    expect(posts[0]).toMatchObject({
      metadata: { sw_tier: 'back', sw_webserver_apache_http_port: '8080', owner: 'ops' },
      scheduler_hints: { same_host: '0e3b5f4e-9f6c-4bde-8d3a-3f1d8a6c2b10' },
    });
    // Each target read once, by the server's resource type.
    expect(metadefQueries.sort()).toEqual([
      '?resource_type=OS%3A%3ANova%3A%3AServer&properties_target=metadata',
      '?resource_type=OS%3A%3ANova%3A%3AServer&properties_target=scheduler_hints',
    ]);
  }, 60_000);

  it('keeps Metadata to keys of the user when the definitions cannot be read', async () => {
    const { posts } = setup({ metadefs: null });
    const { user, onClose } = await openOnFlavor();
    await user.click(screen.getByRole('button', { name: 'Metadata' }));
    expect(
      await screen.findByText('The metadata definitions could not be read: add keys of your own.'),
    ).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Custom' }), 'role');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // A key without a value is refused before Nova sees it.
    await user.click(screen.getByRole('button', { name: 'Launch Instance' }));
    expect(await screen.findByText('Correct the values marked as invalid: role.')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'role' }), 'web');
    await user.click(screen.getByRole('button', { name: 'Launch Instance' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: ['vm1'] }));
    expect(posts[0]).toMatchObject({ metadata: { role: 'web' }, scheduler_hints: {} });
  }, 60_000);
});
