import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../../testing/testCloud';
import { base, createStack, deletedStack, session, outputMap, settled, waitFor } from '../testing';
import type { Json } from '../testing';

// Nested stacks as Zed's heat builds them (checked on the lab).

const cloudOf = useTestCloud({ lifecycleScale: 0.05 });

const group = (count: number, extra: Json = {}): Json => ({
  heat_template_version: '2018-08-31',
  resources: {
    grp: {
      type: 'OS::Heat::ResourceGroup',
      properties: {
        count,
        resource_def: {
          type: 'OS::Heat::TestResource',
          properties: { value: 'v-%index%', ...extra },
        },
      },
    },
    after: { type: 'OS::Heat::Value', properties: { value: { get_attr: ['grp', 'output'] } } },
  },
  outputs: {
    refs: { value: { get_attr: ['grp', 'refs'] } },
    refs_map: { value: { get_attr: ['grp', 'refs_map'] } },
    outputs: { value: { get_attr: ['grp', 'output'] } },
    one: { value: { get_attr: ['grp', 'resource.1.output'] } },
    one_ref: { value: { get_attr: ['grp', 'resource.1'] } },
    attributes: { value: { get_attr: ['grp', 'attributes', 'output'] } },
    after: { value: { get_attr: ['after', 'value'] } },
  },
});

describe('nested stacks', () => {
  it('builds a ResourceGroup as a nested stack, with group attributes and nested listings', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const { path, stack } = await createStack(cloud, token, projectId, {
      stack_name: 'rg',
      template: group(2),
    });
    expect(stack.stack_status).toBe('CREATE_COMPLETE');
    const out = outputMap(stack);
    const refs = out['refs'] as string[];
    expect(refs).toHaveLength(2);
    expect(refs[0]).toMatch(/^rg-grp-[a-z0-9]{12}-0-[a-z0-9]{12}$/);
    expect(out).toMatchObject({
      refs_map: { '0': refs[0], '1': refs[1] },
      outputs: ['v-0', 'v-1'],
      one: 'v-1',
      one_ref: refs[1],
      attributes: { '0': 'v-0', '1': 'v-1' },
      after: ['v-0', 'v-1'],
    });

    const top = await cloud.request<{ resources: Json[] }>('GET', `${path}/resources`, { token });
    const grp = top.body.resources.find((r) => r['resource_name'] === 'grp') ?? {};
    expect(grp['required_by']).toEqual(['after']);
    const nested = (grp['links'] as Json[]).find((l) => l['rel'] === 'nested');
    expect(String(nested?.['href'])).toMatch(
      new RegExp(`/stacks/rg-grp-[a-z0-9]{12}/${String(grp['physical_resource_id'])}$`),
    );
    const deep = await cloud.request<{ resources: Json[] }>(
      'GET',
      `${path}/resources?nested_depth=1&with_detail=true`,
      { token },
    );
    const members = deep.body.resources.filter((r) => r['parent_resource'] === 'grp');
    expect(members.map((m) => m['resource_name']).sort()).toEqual(['0', '1']);
    expect(members[0]?.['attributes']).toMatchObject({ output: expect.stringMatching(/^v-/) });
    const detail = deep.body.resources.find((r) => r['resource_name'] === 'grp');
    expect(detail?.['attributes']).toEqual({
      refs_map: null,
      refs: null,
      removed_rsrc_list: [],
      attributes: null,
    });

    const listed = await cloud.request<{ stacks: Json[] }>('GET', `${base(projectId)}/stacks`, {
      token,
    });
    expect(listed.body.stacks.some((s) => String(s['stack_name']).startsWith('rg-grp-'))).toBe(
      false,
    );
    const withNested = await cloud.request<{ stacks: Json[] }>(
      'GET',
      `${base(projectId)}/stacks?show_nested=true`,
      { token },
    );
    const child = withNested.body.stacks.find((s) => String(s['stack_name']).startsWith('rg-grp-'));
    expect(child?.['parent']).toBe(stack.id);

    const events = await cloud.request<{ events: Json[] }>(
      'GET',
      `${path}/events?nested_depth=1&sort_dir=asc`,
      { token },
    );
    const names = events.body.events.map((e) => String(e['resource_name']));
    expect(names).toContain(String(child?.['stack_name']));
    expect(names).toContain('0');
    expect((events.body.events[0]?.['links'] as Json[]).map((l) => l['rel'])).toEqual([
      'self',
      'resource',
      'stack',
      'root_stack',
    ]);

    // Scaling: new members are created, removed ones deleted, inside the nested stack.
    await cloud.request('PUT', path, { token, body: { template: group(3) } });
    const grown = await waitFor(cloud, token, path, settled);
    expect(grown.body.stack.stack_status).toBe('UPDATE_COMPLETE');
    expect(outputMap(grown.body.stack)['outputs']).toEqual(['v-0', 'v-1', 'v-2']);
    await cloud.request('PUT', path, { token, body: { template: group(1) } });
    const shrunk = await waitFor(cloud, token, path, settled);
    expect(outputMap(shrunk.body.stack)['refs']).toEqual([refs[0]]);

    await cloud.request('DELETE', path, { token });
    await waitFor(cloud, token, path, deletedStack);
    const childPath = `${base(projectId)}/stacks/${String(child?.['stack_name'])}/${String(child?.['id'])}`;
    const childAfter = await cloud.request<{ stack: Json }>('GET', childPath, { token });
    expect(childAfter.body.stack['stack_status']).toBe('DELETE_COMPLETE');
  });

  it('fails a group with its member’s reason', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const { stack } = await createStack(cloud, token, projectId, {
      stack_name: 'rgfail',
      template: group(1, { fail: true }),
    });
    expect(stack.stack_status).toBe('CREATE_FAILED');
    expect(stack['stack_status_reason']).toBe(
      'Resource CREATE failed: ValueError: resources.grp.resources[0]: Test Resource failed 0',
    );
  });

  it('creates an OS::Heat::Stack as a stack of its own', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const inner = JSON.stringify({
      heat_template_version: '2018-08-31',
      parameters: { p: { type: 'string' } },
      resources: { v: { type: 'OS::Heat::Value', properties: { value: { get_param: 'p' } } } },
      outputs: { o: { value: { get_attr: ['v', 'value'] } } },
    });
    const { path, stack } = await createStack(cloud, token, projectId, {
      stack_name: 'outer',
      template: {
        heat_template_version: '2018-08-31',
        resources: {
          child: {
            type: 'OS::Heat::Stack',
            properties: { template: inner, parameters: { p: 'hello' } },
          },
        },
        outputs: {
          outputs: { value: { get_attr: ['child', 'outputs'] } },
          o: { value: { get_attr: ['child', 'outputs', 'o'] } },
          name: { value: { get_attr: ['child', 'stack_name'] } },
        },
      },
    });
    expect(stack.stack_status).toBe('CREATE_COMPLETE');
    const out = outputMap(stack);
    expect(out).toMatchObject({ outputs: { o: 'hello' }, o: 'hello' });
    expect(String(out['name'])).toMatch(/^outer-child-[a-z0-9]{12}$/);
    // A remote stack has no parent: it is listed as any other stack.
    const listed = await cloud.request<{ stacks: Json[] }>('GET', `${base(projectId)}/stacks`, {
      token,
    });
    const child = listed.body.stacks.find((s) => s['stack_name'] === out['name']);
    expect(child?.['parent']).toBeNull();
    await cloud.request('DELETE', path, { token });
    await waitFor(cloud, token, path, deletedStack);
    const after = await cloud.request<{ stacks: Json[] }>(
      'GET',
      `${base(projectId)}/stacks?name=${String(out['name'])}`,
      { token },
    );
    expect(after.body.stacks).toEqual([]);
  });
});
