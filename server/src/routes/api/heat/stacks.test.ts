import { describe, expect, it } from 'vitest';
import type { Stack, StackTopology, StackValidation } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';
import { eventually } from '../../../testing/eventually';
import { buildStackTopology, iconOf, toParameter } from './stacks';

const { t, demo, admin } = useTestApp(['demo', 'admin']);

const TEMPLATE = `heat_template_version: 2018-08-31
description: Route test stack
parameters:
  size:
    type: number
    default: 4
    constraints:
      - range: { min: 1, max: 8 }
        description: Between one and eight
  secret:
    type: string
    hidden: true
    constraints:
      - length: { min: 6 }
  flavour:
    type: string
    default: small
    constraints:
      - allowed_values: [small, large]
resources:
  token:
    type: OS::Heat::RandomString
    properties:
      length: { get_param: size }
  marker:
    type: OS::Heat::None
    depends_on: token
outputs:
  token_value:
    value: { get_attr: [token, value] }
`;

describe('/api/heat/', () => {
  it('validates a template into the parameters form, constraints included', async () => {
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/heat/validate/',
      payload: { template: TEMPLATE },
    });
    expect(res.statusCode).toBe(200);
    const v = res.json() as StackValidation;
    expect(v.description).toBe('Route test stack');
    expect(v.parameters.map((p) => p.name)).toEqual(['size', 'secret', 'flavour']);
    expect(v.parameters[0]).toMatchObject({
      type: 'Number',
      default: 4,
      min_value: 1,
      max_value: 8,
      hidden: false,
    });
    expect(v.parameters[1]).toMatchObject({ type: 'String', hidden: true, min_length: 6 });
    expect(v.parameters[2]).toMatchObject({ allowed_values: ['small', 'large'] });
  });

  it('answers a broken template with 400 and Heat’s message', async () => {
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/heat/validate/',
      payload: {
        template: 'heat_template_version: 2018-08-31\nresources:\n  x:\n    type: Nope\n',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Nope/);
  });

  it('refuses a bad stack name before Heat sees it', async () => {
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/heat/stacks/',
      payload: { stack_name: '1-bad name', template: TEMPLATE },
    });
    expect(res.statusCode).toBe(400);
  });

  it('launches, watches the topology settle, updates, checks and deletes a stack', async () => {
    const created = await t.as(demo, {
      method: 'POST',
      url: '/api/heat/stacks/',
      payload: { stack_name: 'route-test', template: TEMPLATE, parameters: { secret: 'abcdefg' } },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };

    let topology: StackTopology | undefined;
    await eventually(async () => {
      const res = await t.as(demo, { url: `/api/heat/stacks/${id}/topology/` });
      topology = res.json() as StackTopology;
      expect(topology.stack.status).toBe('CREATE_COMPLETE');
    });
    if (topology === undefined) throw new Error('no topology');
    expect(topology.stack.in_progress).toBe(false);
    const token = topology.nodes.find((n) => n.name === 'token');
    expect(token).toMatchObject({ image: 'config', required_by: ['marker'], in_progress: false });

    const list = (await t.as(demo, { url: '/api/heat/stacks/' })).json().items as Stack[];
    expect(list.map((s) => s.stack_name)).toContain('route-test');

    const shown = (await t.as(demo, { url: `/api/heat/stacks/${id}/` })).json();
    expect(shown.outputs.map((o: { output_key: string }) => o.output_key)).toEqual(['token_value']);
    expect(shown.parameters).toMatchObject({ size: '4', flavour: 'small' });

    const resources = await t.as(demo, { url: `/api/heat/stacks/${id}/resources/` });
    expect(resources.json().items).toHaveLength(2);
    const events = await t.as(demo, { url: `/api/heat/stacks/${id}/events/` });
    expect(events.json().items.length).toBeGreaterThan(0);
    const template = await t.as(demo, { url: `/api/heat/stacks/${id}/template/` });
    expect(template.json().template).toMatchObject({ description: 'Route test stack' });

    const updated = await t.as(demo, {
      method: 'PUT',
      url: `/api/heat/stacks/${id}/`,
      payload: { template: TEMPLATE, parameters: { secret: 'abcdefg', size: '6' } },
    });
    expect(updated.statusCode).toBe(204);
    await eventually(async () => {
      const body = (await t.as(demo, { url: `/api/heat/stacks/${id}/` })).json() as Stack;
      expect(body.stack_status).toBe('UPDATE_COMPLETE');
    });

    const check = await t.as(demo, {
      method: 'POST',
      url: `/api/heat/stacks/${id}/action/`,
      payload: { action: 'check' },
    });
    expect(check.statusCode).toBe(204);
    const bad = await t.as(demo, {
      method: 'POST',
      url: `/api/heat/stacks/${id}/action/`,
      payload: { action: 'explode' },
    });
    expect(bad.statusCode).toBe(400);

    await eventually(async () => {
      const body = (await t.as(demo, { url: `/api/heat/stacks/${id}/` })).json() as Stack;
      expect(body.stack_status).toBe('CHECK_COMPLETE');
    });
    const del = await t.as(demo, { method: 'DELETE', url: `/api/heat/stacks/${id}/` });
    expect(del.statusCode).toBe(204);
    await eventually(async () => {
      const res = await t.as(demo, { url: '/api/heat/stacks/' });
      expect((res.json().items as Stack[]).map((s) => s.id)).not.toContain(id);
    });
  });

  it('pages the list and shows every project’s stacks to an admin', async () => {
    const res = await t.as(admin, { url: '/api/heat/stacks/?all_projects=true&limit=1' });
    const page = res.json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0].project).toEqual(expect.any(String));
  });

  it('answers a missing stack with 404', async () => {
    const res = await t.as(demo, { url: '/api/heat/stacks/no-such-stack/topology/' });
    expect(res.statusCode).toBe(404);
  });

  it('lists resource types with their schema, template versions with their functions', async () => {
    const types = (await t.as(demo, { url: '/api/heat/resource_types/' })).json().items;
    expect(types).toContainEqual({ resource_type: 'OS::Nova::Server' });
    const schema = (
      await t.as(demo, { url: '/api/heat/resource_types/OS::Heat::RandomString/' })
    ).json();
    expect(Object.keys(schema.properties)).toContain('length');
    const versions = (await t.as(demo, { url: '/api/heat/template_versions/' })).json().items;
    expect(versions).toContainEqual({ version: 'heat_template_version.2018-08-31', type: 'hot' });
    const fns = await t.as(demo, {
      url: '/api/heat/template_versions/heat_template_version.2018-08-31/functions/',
    });
    expect(fns.json().items.map((f: { functions: string }) => f.functions)).toContain('get_param');
  });
});

describe('stack topology data', () => {
  it('marks in-progress nodes and the stack, and picks icons by type family', () => {
    const data = buildStackTopology(
      { id: 's', stack_name: 'n', stack_status: 'CREATE_IN_PROGRESS' },
      [
        {
          resource_name: 'vm',
          physical_resource_id: 'p',
          resource_type: 'OS::Nova::Server',
          resource_status: 'CREATE_IN_PROGRESS',
          required_by: [],
        },
      ],
    );
    expect(data.stack.in_progress).toBe(true);
    expect(data.nodes[0]).toMatchObject({ image: 'server', in_progress: true, status_reason: '' });
    expect(iconOf('OS::Neutron::RouterInterface')).toBe('router');
    expect(iconOf('OS::Heat::ResourceGroup')).toBe('stack');
  });

  it('reads NoEcho as hidden', () => {
    expect(toParameter({ Type: 'String', NoEcho: 'true' }).hidden).toBe(true);
    expect(toParameter({ Type: 'String', NoEcho: 'false' }).hidden).toBe(false);
  });
});
