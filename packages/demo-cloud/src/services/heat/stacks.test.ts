import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { base, deletedStack, session, settled, waitFor } from './testing';
import type { Json, StackBody } from './testing';

const cloudOf = useTestCloud({ lifecycleScale: 0.05 });

const PUBLIC_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJiEZ4bJ5MHz1bRJ52ECzf7/zN67G6FChBTg5j7EaGy9 heat-test';

const TEMPLATE = {
  heat_template_version: '2018-08-31',
  description: 'test stack',
  parameters: {
    cidr: { type: 'string', default: '10.50.0.0/24' },
    size: { type: 'number', default: 12, constraints: [{ range: { min: 8, max: 20 } }] },
  },
  resources: {
    secret: { type: 'OS::Heat::RandomString', properties: { length: { get_param: 'size' } } },
    net: { type: 'OS::Neutron::Net', properties: { name: 'heat-test-net' } },
    subnet: {
      type: 'OS::Neutron::Subnet',
      properties: { network: { get_resource: 'net' }, cidr: { get_param: 'cidr' } },
    },
    slow: {
      type: 'OS::Heat::TestResource',
      properties: { value: { get_attr: ['secret', 'value'] }, action_wait_secs: { create: 2 } },
      depends_on: ['subnet'],
    },
  },
  outputs: {
    net_id: { value: { get_resource: 'net' }, description: 'the network' },
    cidr: { value: { get_attr: ['subnet', 'cidr'] } },
    joined: { value: { list_join: ['-', ['a', { get_param: 'OS::stack_name' }]] } },
    secret: { value: { get_attr: ['slow', 'output'] } },
  },
};

describe('heat stacks', () => {
  it('answers the version document and is in the catalog', async () => {
    const cloud = cloudOf();
    const versions = await cloud.request<Json>('GET', '/orchestration/');
    expect(versions.status).toBe(300);
    const { body } = await cloud.login('demo', 'demo');
    const entry = body.token.catalog?.find((c) => c.type === 'orchestration');
    expect(entry?.name).toBe('heat');
    expect(entry?.endpoints[0]?.url).toMatch(
      new RegExp(`/orchestration/v1/${body.token.project?.id ?? ''}$`),
    );
  });

  it('has the seeded stacks', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const list = await cloud.request<{ stacks: Json[] }>('GET', `${base(projectId)}/stacks`, {
      token,
    });
    expect(list.status).toBe(200);
    const byName = new Map(list.body.stacks.map((s) => [s['stack_name'], s]));
    expect(byName.get('demo-stack')?.['stack_status']).toBe('CREATE_COMPLETE');
    const broken = byName.get('broken-stack');
    expect(broken?.['stack_status']).toBe('CREATE_FAILED');
    expect(String(broken?.['stack_status_reason'])).toMatch(
      /^Resource CREATE failed: NotFound: resources.broken_subnet: /,
    );
    const demo = byName.get('demo-stack') ?? {};
    const show = await cloud.request<StackBody>(
      'GET',
      `${base(projectId)}/stacks/demo-stack/${String(demo['id'])}`,
      { token },
    );
    const outputs = new Map(show.body.stack.outputs.map((o) => [o['output_key'], o]));
    expect(outputs.get('subnet_cidr')?.['output_value']).toBe('10.0.0.0/26');
    expect(String(outputs.get('password')?.['output_value'])).toHaveLength(16);
    const tokens = outputs.get('worker_tokens')?.['output_value'] as string[];
    expect(tokens.map((t) => t.length)).toEqual([12, 12]);
    expect(String(outputs.get('url')?.['output_value'])).toMatch(/^http:\/\/10\.0\.0\.\d+:80\/$/);
    const resources = await cloud.request<{ resources: Json[] }>(
      'GET',
      `${base(projectId)}/stacks/demo-stack/${String(demo['id'])}/resources`,
      { token },
    );
    const seededResources = new Map(resources.body.resources.map((r) => [r['resource_name'], r]));
    expect(seededResources.get('app_sg')?.['required_by']).toEqual(['web_server']);
    const server = seededResources.get('web_server');
    expect(server?.['resource_status']).toBe('CREATE_COMPLETE');
    const nova = await cloud.request<{ server: Json }>(
      'GET',
      `/compute/v2.1/servers/${String(server?.['physical_resource_id'])}`,
      { token },
    );
    expect(nova.body.server['name']).toBe('web-1');
    const sg = await cloud.request<{ security_group: Json }>(
      'GET',
      `/network/v2.0/security-groups/${String(outputs.get('security_group_id')?.['output_value'])}`,
      { token },
    );
    expect(sg.body.security_group['name']).toBe('web');
  });

  it('leaves adopted (external_id) resources in place on delete', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const nets = await cloud.request<{ networks: Json[] }>(
      'GET',
      '/network/v2.0/networks?name=db-net',
      { token },
    );
    const netId = String(nets.body.networks[0]?.['id']);
    const created = await cloud.request<{ stack: { id: string } }>(
      'POST',
      `${base(projectId)}/stacks`,
      {
        token,
        body: {
          stack_name: 'adopter',
          template: {
            heat_template_version: '2018-08-31',
            resources: { n: { type: 'OS::Neutron::Net', external_id: netId } },
            outputs: { name: { value: { get_attr: ['n', 'name'] } } },
          },
        },
      },
    );
    const path = `${base(projectId)}/stacks/adopter/${created.body.stack.id}`;
    const done = await waitFor(cloud, token, path, settled);
    expect(done.body.stack.outputs[0]?.['output_value']).toBe('db-net');
    await cloud.request('DELETE', path, { token });
    await waitFor(cloud, token, path, deletedStack);
    const net = await cloud.request('GET', `/network/v2.0/networks/${netId}`, { token });
    expect(net.status).toBe(200);
  });

  it('boots servers with key pairs and deletes them with the stack', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const created = await cloud.request<{ stack: { id: string } }>(
      'POST',
      `${base(projectId)}/stacks`,
      {
        token,
        body: {
          stack_name: 'srv',
          template: {
            heat_template_version: '2018-08-31',
            resources: {
              key: {
                type: 'OS::Nova::KeyPair',
                properties: { name: 'heat-key', public_key: PUBLIC_KEY },
              },
              vm: {
                type: 'OS::Nova::Server',
                properties: {
                  image: 'cirros-0.6.2-x86_64-disk',
                  flavor: 'm1.tiny',
                  key_name: { get_resource: 'key' },
                },
              },
            },
            outputs: { ip: { value: { get_attr: ['vm', 'first_address'] } } },
          },
        },
      },
    );
    expect(created.status).toBe(201);
    const path = `${base(projectId)}/stacks/srv/${created.body.stack.id}`;
    const done = await waitFor(cloud, token, path, settled);
    expect(done.body.stack.stack_status).toBe('CREATE_COMPLETE');
    expect(String(done.body.stack.outputs[0]?.['output_value'])).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const vm = await cloud.request<{ resource: Json }>('GET', `${path}/resources/vm`, { token });
    const serverId = String(vm.body.resource['physical_resource_id']);
    const server = await cloud.request<{ server: Json }>(
      'GET',
      `/compute/v2.1/servers/${serverId}`,
      {
        token,
      },
    );
    expect(server.body.server).toMatchObject({ status: 'ACTIVE', key_name: 'heat-key' });
    await cloud.request('DELETE', path, { token });
    await waitFor(cloud, token, path, deletedStack);
    const after = await cloud.request('GET', `/compute/v2.1/servers/${serverId}`, { token });
    expect(after.status).toBe(404);
    const key = await cloud.request('GET', '/compute/v2.1/os-keypairs/heat-key', { token });
    expect(key.status).toBe(404);
  });

  it('creates a stack through IN_PROGRESS phases, then deletes its resources', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const created = await cloud.request<{ stack: { id: string; links: Json[] } }>(
      'POST',
      `${base(projectId)}/stacks`,
      { token, body: { stack_name: 'web', template: TEMPLATE, parameters: { size: '10' } } },
    );
    expect(created.status).toBe(201);
    const id = created.body.stack.id;
    expect(created.body.stack.links[0]?.['href']).toMatch(new RegExp(`/stacks/web/${id}$`));
    const path = `${base(projectId)}/stacks/web/${id}`;
    const early = await cloud.request<StackBody>('GET', path, { token });
    expect(early.body.stack.stack_status).toBe('CREATE_IN_PROGRESS');

    const done = await waitFor(cloud, token, path, settled);
    expect(done.body.stack.stack_status).toBe('CREATE_COMPLETE');
    expect(done.body.stack.stack_status_reason).toBe('Stack CREATE completed successfully');
    expect(done.body.stack.parameters).toMatchObject({
      size: '10',
      cidr: '10.50.0.0/24',
      'OS::stack_name': 'web',
      'OS::stack_id': id,
      'OS::project_id': projectId,
    });
    const outputs = new Map(done.body.stack.outputs.map((o) => [o['output_key'], o]));
    expect(outputs.get('cidr')?.['output_value']).toBe('10.50.0.0/24');
    expect(outputs.get('joined')?.['output_value']).toBe('a-web');
    expect(String(outputs.get('secret')?.['output_value'])).toHaveLength(10);

    const resources = await cloud.request<{ resources: Json[] }>('GET', `${path}/resources`, {
      token,
    });
    const byName = new Map(resources.body.resources.map((r) => [r['resource_name'], r]));
    expect(byName.get('net')?.['required_by']).toEqual(['subnet']);
    expect(byName.get('subnet')?.['required_by']).toEqual(['slow']);
    expect(byName.get('secret')?.['required_by']).toEqual(['slow']);
    expect(byName.get('slow')?.['resource_status']).toBe('CREATE_COMPLETE');
    const netId = String(byName.get('net')?.['physical_resource_id']);
    const subnetId = String(byName.get('subnet')?.['physical_resource_id']);
    const subnet = await cloud.request<{ subnet: Json }>(
      'GET',
      `/network/v2.0/subnets/${subnetId}`,
      {
        token,
      },
    );
    expect(subnet.body.subnet).toMatchObject({ network_id: netId, cidr: '10.50.0.0/24' });

    const one = await cloud.request<{ resource: Json }>('GET', `${path}/resources/subnet`, {
      token,
    });
    expect(one.body.resource).toMatchObject({
      resource_name: 'subnet',
      resource_type: 'OS::Neutron::Subnet',
      physical_resource_id: subnetId,
      attributes: { cidr: '10.50.0.0/24', network_id: netId },
    });
    expect((one.body.resource['links'] as Json[]).map((l) => l['rel'])).toEqual(['self', 'stack']);

    const events = await cloud.request<{ events: Json[] }>('GET', `${path}/events?sort_dir=asc`, {
      token,
    });
    const seen = events.body.events.map(
      (e) => `${String(e['resource_name'])}:${String(e['resource_status'])}`,
    );
    expect(seen[0]).toBe('web:CREATE_IN_PROGRESS');
    expect(seen.at(-1)).toBe('web:CREATE_COMPLETE');
    expect(seen.indexOf('net:CREATE_COMPLETE')).toBeLessThan(
      seen.indexOf('subnet:CREATE_IN_PROGRESS'),
    );
    expect(seen.indexOf('subnet:CREATE_COMPLETE')).toBeLessThan(
      seen.indexOf('slow:CREATE_IN_PROGRESS'),
    );
    const desc = await cloud.request<{ events: Json[] }>(
      'GET',
      `${path}/events?sort_dir=desc&limit=2`,
      { token },
    );
    expect(desc.body.events).toHaveLength(2);
    expect(desc.body.events[0]?.['resource_status']).toBe('CREATE_COMPLETE');
    const netEvents = await cloud.request<{ events: Json[] }>(
      'GET',
      `${path}/resources/net/events?sort_dir=asc`,
      { token },
    );
    expect(netEvents.body.events.map((e) => e['resource_status'])).toEqual([
      'CREATE_IN_PROGRESS',
      'CREATE_COMPLETE',
    ]);

    const lookup = await fetch(`${cloud.url}${base(projectId)}/stacks/web`, {
      headers: { 'X-Auth-Token': token },
      redirect: 'manual',
    });
    expect(lookup.status).toBe(302);
    expect(lookup.headers.get('location')).toMatch(new RegExp(`/stacks/web/${id}$`));

    const del = await cloud.request('DELETE', path, { token });
    expect(del.status).toBe(204);
    const deleting = await cloud.request<StackBody>('GET', path, { token });
    expect(deleting.body.stack.stack_status).toBe('DELETE_IN_PROGRESS');
    const gone = await waitFor(cloud, token, path, deletedStack);
    expect(gone.body.stack.stack_status_reason).toBe('Stack DELETE completed successfully');
    expect(gone.body.stack['deletion_time']).not.toBeNull();
    const listed = await cloud.request<{ stacks: Json[] }>(
      'GET',
      `${base(projectId)}/stacks?name=web`,
      { token },
    );
    expect(listed.body.stacks).toEqual([]);
    const again = await cloud.request<Json>('DELETE', path, { token });
    expect(again.status).toBe(404);
    expect(again.body['error']).toMatchObject({
      type: 'EntityNotFound',
      message: 'The Stack (web) could not be found.',
    });
    const net = await cloud.request('GET', `/network/v2.0/networks/${netId}`, { token });
    expect(net.status).toBe(404);
  });

  it('rolls back a failed create when rollback is enabled', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const template = {
      heat_template_version: 'queens',
      resources: {
        net: { type: 'OS::Neutron::Net' },
        bad: { type: 'OS::Heat::TestResource', properties: { fail: true }, depends_on: 'net' },
      },
    };
    const created = await cloud.request<{ stack: { id: string } }>(
      'POST',
      `${base(projectId)}/stacks`,
      { token, body: { stack_name: 'rollme', template, disable_rollback: false } },
    );
    const path = `${base(projectId)}/stacks/rollme/${created.body.stack.id}`;
    const done = await waitFor(
      cloud,
      token,
      path,
      (_s, b) => b.stack.stack_status === 'ROLLBACK_COMPLETE',
    );
    expect(done.body.stack.stack_status_reason).toBe('Stack ROLLBACK completed successfully');
    const events = await cloud.request<{ events: Json[] }>('GET', `${path}/events`, { token });
    const bad = events.body.events.find(
      (e) => e['resource_name'] === 'bad' && e['resource_status'] === 'CREATE_FAILED',
    );
    expect(bad?.['resource_status_reason']).toBe(
      'ValueError: resources.bad: Test Resource failed bad',
    );
    const stackFailed = events.body.events.find(
      (e) => e['resource_name'] === 'rollme' && e['resource_status'] === 'CREATE_FAILED',
    );
    expect(stackFailed?.['resource_status_reason']).toMatch(/^Resource CREATE failed: /);
    const netEvent = events.body.events.find(
      (e) => e['resource_name'] === 'net' && e['resource_status'] === 'CREATE_COMPLETE',
    );
    const net = await cloud.request(
      'GET',
      `/network/v2.0/networks/${String(netEvent?.['physical_resource_id'])}`,
      { token },
    );
    expect(net.status).toBe(404);
  });

  it('takes YAML templates, updates and actions', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const yaml = [
      'heat_template_version: 2016-10-14',
      'resources:',
      '  a:',
      '    type: OS::Heat::None',
      'outputs:',
      '  a_id:',
      '    value: {get_resource: a}',
    ].join('\n');
    const created = await cloud.request<{ stack: { id: string } }>(
      'POST',
      `${base(projectId)}/stacks`,
      { token, body: { stack_name: 'yaml-one', template: yaml } },
    );
    expect(created.status).toBe(201);
    const path = `${base(projectId)}/stacks/yaml-one/${created.body.stack.id}`;
    await waitFor(cloud, token, path, settled);
    const template = await cloud.request<Json>('GET', `${path}/template`, { token });
    expect(template.body['heat_template_version']).toBe('2016-10-14');

    const patched = await cloud.request('PATCH', path, {
      token,
      body: {
        template: `${yaml}\n  b_val:\n    value: {get_attr: [b, value]}\n`.replace(
          'outputs:',
          '  b:\n    type: OS::Heat::RandomString\n    properties: {length: 5}\noutputs:',
        ),
      },
    });
    expect(patched.status).toBe(202);
    const updated = await waitFor(cloud, token, path, settled);
    expect(updated.body.stack.stack_status).toBe('UPDATE_COMPLETE');
    expect(updated.body.stack['updated_time']).not.toBeNull();
    const out = await cloud.request<{ output: Json }>('GET', `${path}/outputs/b_val`, { token });
    expect(String(out.body.output['output_value'])).toHaveLength(5);

    const suspend = await cloud.request('POST', `${path}/actions`, {
      token,
      body: { suspend: null },
    });
    expect(suspend.status).toBe(200);
    const suspended = await waitFor(cloud, token, path, settled);
    expect(suspended.body.stack.stack_status).toBe('SUSPEND_COMPLETE');
    const cancel = await cloud.request<Json>('POST', `${path}/actions`, {
      token,
      body: { cancel_update: null },
    });
    expect(cancel.status).toBe(400);
  });

  it('validates templates and parameters with heat messages', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const validate = (template: unknown): Promise<{ status: number; body: Json }> =>
      cloud.request<Json>('POST', `${base(projectId)}/validate`, { token, body: { template } });
    const errorOf = (body: Json): Json => body['error'] as Json;

    const ok = await validate(TEMPLATE);
    expect(ok.status).toBe(200);
    expect(ok.body['Description']).toBe('test stack');
    expect((ok.body['Parameters'] as Json)['size']).toMatchObject({
      Type: 'Number',
      Default: 12,
      MinValue: 8,
      MaxValue: 20,
      NoEcho: 'false',
      Label: 'size',
    });

    const noVersion = await validate({ resources: {} });
    expect(noVersion.status).toBe(400);
    expect(errorOf(noVersion.body)).toMatchObject({
      type: 'InvalidTemplateVersion',
      message: 'The template version is invalid: Template version was not provided',
    });
    const badVersion = await validate({ heat_template_version: '2099-01-01' });
    expect(errorOf(badVersion.body)['type']).toBe('InvalidTemplateVersion');
    const badType = await validate({
      heat_template_version: '2018-08-31',
      resources: { x: { type: 'OS::Foo::Bar' } },
    });
    expect(badType.status).toBe(400);
    expect(errorOf(badType.body)).toMatchObject({
      type: 'HTTPBadRequest',
      message: 'The Resource Type (OS::Foo::Bar) could not be found.',
    });
    const badRef = await validate({
      heat_template_version: '2018-08-31',
      resources: { x: { type: 'OS::Heat::None', depends_on: 'nope' } },
    });
    expect(errorOf(badRef.body)['message']).toBe(
      'The specified reference "nope" (in x) is incorrect.',
    );
    const cycle = await validate({
      heat_template_version: '2018-08-31',
      resources: {
        a: { type: 'OS::Heat::None', depends_on: 'b' },
        b: { type: 'OS::Heat::None', depends_on: 'a' },
      },
    });
    // Zed's engine fails on a dependency loop with a bare RemoteError.
    expect(cycle.status).toBe(500);
    expect(errorOf(cycle.body)).toEqual({ type: 'RemoteError', traceback: null });
    const missingProp = await validate({
      heat_template_version: '2018-08-31',
      resources: { s: { type: 'OS::Neutron::Subnet', properties: { cidr: '10.0.0.0/24' } } },
    });
    // /validate checks no property values: a missing required one passes.
    expect(missingProp.status).toBe(200);
    const missingOnCreate = await cloud.request<Json>('POST', `${base(projectId)}/stacks`, {
      token,
      body: {
        stack_name: 'missing',
        template: {
          heat_template_version: '2018-08-31',
          resources: { s: { type: 'OS::Neutron::Subnet', properties: { cidr: '10.0.0.0/24' } } },
        },
      },
    });
    expect(errorOf(missingOnCreate.body)).toMatchObject({
      type: 'StackValidationFailed',
      message: 'Property error: : resources.s.properties: : Property network not assigned',
    });

    const tooBig = await cloud.request<Json>('POST', `${base(projectId)}/stacks`, {
      token,
      body: { stack_name: 'big', template: TEMPLATE, parameters: { size: 99 } },
    });
    expect(tooBig.status).toBe(400);
    expect(errorOf(tooBig.body)['message']).toBe(
      "Parameter 'size' is invalid: 99 is out of range (min: 8, max: 20)",
    );
    const unknown = await cloud.request<Json>('POST', `${base(projectId)}/stacks`, {
      token,
      body: { stack_name: 'unk', template: TEMPLATE, parameters: { nope: 1 } },
    });
    expect(errorOf(unknown.body)['message']).toBe(
      'The Parameter (nope) was not defined in template.',
    );
    const badName = await cloud.request<Json>('POST', `${base(projectId)}/stacks`, {
      token,
      body: { stack_name: '1bad', template: TEMPLATE },
    });
    expect(badName.status).toBe(400);
    const dup = await cloud.request<Json>('POST', `${base(projectId)}/stacks`, {
      token,
      body: { stack_name: 'demo-stack', template: TEMPLATE },
    });
    expect(dup.status).toBe(409);
    expect(errorOf(dup.body)['message']).toBe('The Stack (demo-stack) already exists.');
  });

  it('previews a stack without creating anything', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const preview = await cloud.request<{ stack: Json & { resources: Json[] } }>(
      'POST',
      `${base(projectId)}/stacks/preview`,
      { token, body: { stack_name: 'peek', template: TEMPLATE } },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.stack['stack_name']).toBe('peek');
    const subnet = preview.body.stack.resources.find((r) => r['resource_name'] === 'subnet');
    expect(subnet).toMatchObject({ resource_type: 'OS::Neutron::Subnet', required_by: ['slow'] });
    const list = await cloud.request<{ stacks: Json[] }>(
      'GET',
      `${base(projectId)}/stacks?name=peek`,
      { token },
    );
    expect(list.body.stacks).toHaveLength(0);
  });

  it('lists resource types, schemas and template versions', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const types = await cloud.request<{ resource_types: string[] }>(
      'GET',
      `${base(projectId)}/resource_types`,
      { token },
    );
    expect(types.body.resource_types).toContain('OS::Neutron::Net');
    const schema = await cloud.request<Json>(
      'GET',
      `${base(projectId)}/resource_types/OS::Heat::RandomString`,
      { token },
    );
    expect(schema.body['resource_type']).toBe('OS::Heat::RandomString');
    expect((schema.body['properties'] as Json)['length']).toMatchObject({
      type: 'integer',
      default: 32,
    });
    const versions = await cloud.request<{ template_versions: Json[] }>(
      'GET',
      `${base(projectId)}/template_versions`,
      { token },
    );
    expect(versions.body.template_versions).toContainEqual({
      version: 'heat_template_version.2018-08-31',
      type: 'hot',
      aliases: ['heat_template_version.rocky'],
    });
  });

  it('filters, sorts and pages stacks and events', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const failed = await cloud.request<{ stacks: Json[] }>(
      'GET',
      `${base(projectId)}/stacks?status=FAILED`,
      { token },
    );
    expect(failed.body.stacks.map((s) => s['stack_name'])).toContain('broken-stack');
    expect(failed.body.stacks.every((s) => String(s['stack_status']).endsWith('FAILED'))).toBe(
      true,
    );
    const named = await cloud.request<{ stacks: Json[] }>(
      'GET',
      `${base(projectId)}/stacks?name=demo-stack`,
      { token },
    );
    expect(named.body.stacks).toHaveLength(1);
    const sorted = await cloud.request<{ stacks: Json[] }>(
      'GET',
      `${base(projectId)}/stacks?sort_keys=stack_name&sort_dir=asc&limit=1`,
      { token },
    );
    expect(sorted.body.stacks).toHaveLength(1);
    const next = await cloud.request<{ stacks: Json[] }>(
      'GET',
      `${base(projectId)}/stacks?sort_keys=stack_name&sort_dir=asc&marker=${String(sorted.body.stacks[0]?.['id'])}`,
      { token },
    );
    expect(next.body.stacks.map((s) => s['id'])).not.toContain(sorted.body.stacks[0]?.['id']);
    // heat ignores a sort key it does not know, and refuses a limit that is no integer.
    const badSort = await cloud.request<Json>('GET', `${base(projectId)}/stacks?sort_keys=foo`, {
      token,
    });
    expect(badSort.status).toBe(200);
    const badLimit = await cloud.request<Json>('GET', `${base(projectId)}/stacks?limit=x`, {
      token,
    });
    expect(badLimit.body['error']).toMatchObject({
      type: 'HTTPBadRequest',
      message: "Only integer is acceptable by 'limit'.",
    });

    const demo = named.body.stacks[0] ?? {};
    const path = `${base(projectId)}/stacks/demo-stack/${String(demo['id'])}`;
    const first = await cloud.request<{ events: Json[] }>('GET', `${path}/events?limit=2`, {
      token,
    });
    expect(first.body.events).toHaveLength(2);
    const rest = await cloud.request<{ events: Json[] }>(
      'GET',
      `${path}/events?marker=${String(first.body.events[1]?.['id'])}`,
      { token },
    );
    expect(rest.body.events[0]?.['id']).not.toBe(first.body.events[1]?.['id']);
    const event = first.body.events[0] ?? {};
    const links = event['links'] as Json[];
    expect(links.map((l) => l['rel'])).toEqual(['self', 'resource', 'stack']);
    expect(event['event_time']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const missing = await cloud.request<Json>('GET', `${path}/resources/nope`, { token });
    expect(missing.status).toBe(404);
    expect((missing.body['error'] as Json)['type']).toBe('ResourceNotFound');
  });

  it('enforces policy and project isolation', async () => {
    const cloud = cloudOf();
    const reader = await session(cloud, 'reader', 'demo');
    const list = await cloud.request('GET', `${base(reader.projectId)}/stacks`, {
      token: reader.token,
    });
    expect(list.status).toBe(200);
    const create = await cloud.request<Json>('POST', `${base(reader.projectId)}/stacks`, {
      token: reader.token,
      body: { stack_name: 'nope', template: TEMPLATE },
    });
    expect(create.status).toBe(403);
    expect((create.body['error'] as Json)['message']).toBe(
      'You are not authorized to use stacks:create.',
    );

    const alt = await session(cloud, 'demo', 'alt_demo');
    const altList = await cloud.request<{ stacks: Json[] }>(
      'GET',
      `${base(alt.projectId)}/stacks`,
      {
        token: alt.token,
      },
    );
    expect(altList.body.stacks.map((s) => s['stack_name'])).not.toContain('demo-stack');
    const foreign = await cloud.request('GET', `${base(reader.projectId)}/stacks`, {
      token: alt.token,
    });
    expect(foreign.status).toBe(403);
    const lookup = await cloud.request('GET', `${base(alt.projectId)}/stacks/demo-stack`, {
      token: alt.token,
    });
    expect(lookup.status).toBe(404);

    const admin = await session(cloud, 'admin', 'admin');
    const global = await cloud.request(
      'GET',
      `${base(admin.projectId)}/stacks?global_tenant=true`,
      {
        token: admin.token,
      },
    );
    expect(global.status).toBe(403);
  });

  it('creates Cinder volumes as stack resources', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const created = await cloud.request<{ stack: { id: string } }>(
      'POST',
      `${base(projectId)}/stacks`,
      {
        token,
        body: {
          stack_name: 'vol',
          template: {
            heat_template_version: '2018-08-31',
            resources: {
              v: { type: 'OS::Cinder::Volume', properties: { size: 1, name: 'heat-vol' } },
            },
            outputs: { status: { value: { get_attr: ['v', 'status'] } } },
          },
        },
      },
    );
    const path = `${base(projectId)}/stacks/vol/${created.body.stack.id}`;
    const done = await waitFor(cloud, token, path, settled);
    expect(done.body.stack.stack_status).toBe('CREATE_COMPLETE');
    expect(done.body.stack.outputs[0]?.['output_value']).toBe('available');
    const res = await cloud.request<{ resource: Json }>('GET', `${path}/resources/v`, { token });
    const volumeId = String(res.body.resource['physical_resource_id']);
    const volume = await cloud.request<{ volume: Json }>(
      'GET',
      `/volume/v3/${projectId}/volumes/${volumeId}`,
      { token },
    );
    expect(volume.body.volume).toMatchObject({ name: 'heat-vol', size: 1, status: 'available' });
    await cloud.request('DELETE', path, { token });
    await waitFor(cloud, token, path, deletedStack);
    const after = await cloud.request('GET', `/volume/v3/${projectId}/volumes/${volumeId}`, {
      token,
    });
    expect(after.status).toBe(404);
  });

  it('attaches stack volumes to stack servers', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const created = await cloud.request<{ stack: { id: string } }>(
      'POST',
      `${base(projectId)}/stacks`,
      {
        token,
        body: {
          stack_name: 'attach',
          template: {
            heat_template_version: '2018-08-31',
            resources: {
              vol: { type: 'OS::Cinder::Volume', properties: { size: 1 } },
              vm: {
                type: 'OS::Nova::Server',
                properties: { image: 'cirros-0.6.2-x86_64-disk', flavor: '1' },
              },
              att: {
                type: 'OS::Cinder::VolumeAttachment',
                properties: {
                  instance_uuid: { get_resource: 'vm' },
                  volume_id: { get_resource: 'vol' },
                },
              },
            },
          },
        },
      },
    );
    const path = `${base(projectId)}/stacks/attach/${created.body.stack.id}`;
    const done = await waitFor(cloud, token, path, settled);
    expect(done.body.stack.stack_status).toBe('CREATE_COMPLETE');
    const resources = await cloud.request<{ resources: Json[] }>('GET', `${path}/resources`, {
      token,
    });
    const id = (name: string): string =>
      String(
        resources.body.resources.find((r) => r['resource_name'] === name)?.['physical_resource_id'],
      );
    const volume = await cloud.request<{ volume: Json }>(
      'GET',
      `/volume/v3/${projectId}/volumes/${id('vol')}`,
      { token },
    );
    expect(volume.body.volume['status']).toBe('in-use');
    const server = await cloud.request<{ server: Json }>(
      'GET',
      `/compute/v2.1/servers/${id('vm')}`,
      { token },
    );
    expect(server.body.server['os-extended-volumes:volumes_attached']).toEqual([{ id: id('vol') }]);
    await cloud.request('DELETE', path, { token });
    await waitFor(cloud, token, path, deletedStack);
    const gone = await cloud.request('GET', `/volume/v3/${projectId}/volumes/${id('vol')}`, {
      token,
    });
    expect(gone.status).toBe(404);
  });
});
