import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import {
  base,
  createStack,
  deletedStack,
  eventTrail,
  outputMap,
  session,
  settled,
  waitFor,
} from './testing';
import type { Json, StackBody } from './testing';

// Stack updates, actions, lookups and deletes as Zed's heat runs them (checked on the lab).

const cloudOf = useTestCloud({ lifecycleScale: 0.05 });

const TEMPLATE = {
  heat_template_version: '2018-08-31',
  parameters: {
    v: { type: 'string', default: 'one' },
    len: { type: 'number', default: 5 },
  },
  resources: {
    val: { type: 'OS::Heat::Value', properties: { value: { get_param: 'v' } } },
    rnd: { type: 'OS::Heat::RandomString', properties: { length: { get_param: 'len' } } },
    keep: { type: 'OS::Heat::None' },
    dropme: { type: 'OS::Heat::Value', properties: { value: 'x' } },
    dep: { type: 'OS::Heat::Value', properties: { value: { get_attr: ['rnd', 'value'] } } },
  },
  outputs: {
    val: { value: { get_attr: ['val', 'value'] } },
    rnd: { value: { get_attr: ['rnd', 'value'] } },
  },
};

const CHANGED = {
  ...TEMPLATE,
  resources: {
    val: TEMPLATE.resources.val,
    rnd: TEMPLATE.resources.rnd,
    keep: TEMPLATE.resources.keep,
    dep: TEMPLATE.resources.dep,
    added: { type: 'OS::Heat::Value', properties: { value: 'new' } },
  },
};

const resourcesOf = async (token: string, path: string): Promise<Map<unknown, Json>> => {
  const list = await cloudOf().request<{ resources: Json[] }>('GET', `${path}/resources`, {
    token,
  });
  return new Map(list.body.resources.map((r) => [r['resource_name'], r]));
};

describe('heat stack updates and actions', () => {
  it('updates in place, replaces what cannot change, adds and removes resources', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const { path, stack } = await createStack(cloud, token, projectId, {
      stack_name: 'upd',
      template: TEMPLATE,
    });
    expect(stack.stack_status).toBe('CREATE_COMPLETE');
    const before = await resourcesOf(token, path);
    const created = (await eventTrail(cloud, token, path)).length;

    const put = await cloud.request<Json>('PUT', path, {
      token,
      body: { template: CHANGED, parameters: { v: 'two', len: 6 } },
    });
    expect(put.status).toBe(202);
    expect(put.body).toEqual({
      message: 'The request is accepted for processing.<br /><br />\n\n\n',
      code: '202 Accepted',
      title: 'Accepted',
    });
    const done = await waitFor(cloud, token, path, settled);
    expect(done.body.stack.stack_status).toBe('UPDATE_COMPLETE');
    expect(done.body.stack.stack_status_reason).toBe('Stack UPDATE completed successfully');
    expect(done.body.stack['updated_time']).not.toBeNull();
    expect(outputMap(done.body.stack)['val']).toBe('two');
    expect(String(outputMap(done.body.stack)['rnd'])).toHaveLength(6);

    const after = await resourcesOf(token, path);
    expect([...after.keys()].sort()).toEqual(['added', 'dep', 'keep', 'rnd', 'val']);
    // `value` may change in place; `length` may not: the random string is replaced.
    expect(after.get('val')?.['physical_resource_id']).toBe(
      before.get('val')?.['physical_resource_id'],
    );
    expect(after.get('val')?.['resource_status']).toBe('UPDATE_COMPLETE');
    expect(after.get('rnd')?.['physical_resource_id']).not.toBe(
      before.get('rnd')?.['physical_resource_id'],
    );
    expect(after.get('rnd')?.['resource_status']).toBe('CREATE_COMPLETE');
    expect(after.get('keep')?.['resource_status']).toBe('CREATE_COMPLETE');
    expect(after.get('dep')?.['resource_status']).toBe('UPDATE_COMPLETE');

    const trail = (await eventTrail(cloud, token, path, true)).slice(created);
    expect(trail[0]).toBe('upd:UPDATE_IN_PROGRESS|Stack UPDATE started');
    expect(trail).toContain('dropme:DELETE_COMPLETE|state changed');
    expect(trail).toContain('rnd:UPDATE_COMPLETE|The Resource rnd requires replacement.');
    expect(trail.indexOf('rnd:CREATE_COMPLETE|state changed')).toBeLessThan(
      trail.indexOf('dep:UPDATE_IN_PROGRESS|state changed'),
    );
    expect(trail.lastIndexOf('rnd:DELETE_COMPLETE|state changed')).toBeGreaterThan(
      trail.indexOf('dep:UPDATE_COMPLETE|state changed'),
    );
    expect(trail.some((e) => e.startsWith('keep:'))).toBe(false);
    expect(trail.at(-1)).toBe('upd:UPDATE_COMPLETE|Stack UPDATE completed successfully');

    // PATCH keeps the other parameters; clear_parameters goes back to the default.
    await cloud.request('PATCH', path, { token, body: { parameters: { v: 'three' } } });
    const patched = await waitFor(cloud, token, path, settled);
    expect(patched.body.stack.parameters).toMatchObject({ v: 'three', len: '6' });
    await cloud.request('PATCH', path, { token, body: { clear_parameters: ['v'] } });
    const cleared = await waitFor(cloud, token, path, settled);
    expect(cleared.body.stack.parameters).toMatchObject({ v: 'one', len: '6' });

    const noTemplate = await cloud.request<Json>('PUT', path, { token, body: { parameters: {} } });
    expect(noTemplate.body['error']).toMatchObject({
      type: 'HTTPBadRequest',
      message: 'No template specified',
    });
  });

  it('rolls back a failed update, and a cancelled one', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const good = {
      heat_template_version: '2018-08-31',
      resources: { a: { type: 'OS::Heat::Value', properties: { value: 'a' } } },
    };
    const bad = {
      heat_template_version: '2018-08-31',
      resources: {
        a: { type: 'OS::Heat::Value', properties: { value: 'b' } },
        f: { type: 'OS::Heat::TestResource', properties: { fail: true }, depends_on: 'a' },
      },
    };
    const { path } = await createStack(cloud, token, projectId, {
      stack_name: 'uf',
      template: good,
    });
    await cloud.request('PUT', path, { token, body: { template: bad, disable_rollback: false } });
    const rolled = await waitFor(cloud, token, path, settled);
    expect(rolled.body.stack.stack_status).toBe('ROLLBACK_COMPLETE');
    const trail = await eventTrail(cloud, token, path, true);
    expect(trail).toContain(
      'uf:UPDATE_FAILED|Resource CREATE failed: ValueError: resources.f: Test Resource failed f',
    );
    expect(trail).toContain('f:DELETE_COMPLETE|state changed');
    const template = await cloud.request<Json>('GET', `${path}/template`, { token });
    expect(template.body).toEqual(good);
    expect([...(await resourcesOf(token, path)).keys()]).toEqual(['a']);

    const slow = (value: string): Json => ({
      heat_template_version: '2018-08-31',
      resources: {
        s: {
          type: 'OS::Heat::TestResource',
          properties: { value, action_wait_secs: { update: 20 } },
        },
      },
    });
    const second = await createStack(cloud, token, projectId, {
      stack_name: 'cx',
      template: slow('a'),
    });
    const idle = await cloud.request<Json>('POST', `${second.path}/actions`, {
      token,
      body: { cancel_update: null },
    });
    expect(idle.body['error']).toMatchObject({
      type: 'NotSupported',
      message: 'Cancelling update when stack is CREATE_COMPLETE is not supported.',
    });
    await cloud.request('PUT', second.path, { token, body: { template: slow('b') } });
    for (let i = 0; i < 100; i++) {
      const s = await cloud.request<{ resource: Json }>('GET', `${second.path}/resources/s`, {
        token,
      });
      if (s.body.resource['resource_status'] === 'UPDATE_IN_PROGRESS') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const cancel = await cloud.request('POST', `${second.path}/actions`, {
      token,
      body: { cancel_update: null },
    });
    expect(cancel.status).toBe(200);
    const back = await waitFor(cloud, token, second.path, settled);
    expect(back.body.stack.stack_status).toBe('ROLLBACK_COMPLETE');
    const restored = await cloud.request<Json>('GET', `${second.path}/template`, { token });
    expect(restored.body).toEqual(slow('a'));
  });

  it('suspends, resumes and checks, with heat statuses and reasons', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const { path } = await createStack(cloud, token, projectId, {
      stack_name: 'acts',
      template: TEMPLATE,
    });
    const act = async (body: Json): Promise<StackBody['stack']> => {
      const answer = await cloud.request('POST', `${path}/actions`, { token, body });
      expect(answer.status).toBe(200);
      return (await waitFor(cloud, token, path, settled)).body.stack;
    };
    const notSuspended = await act({ resume: null });
    expect(notSuspended.stack_status).toBe('RESUME_FAILED');
    expect(notSuspended.stack_status_reason).toMatch(
      /^Resource RESUME failed: Error: resources\.\w+: State \('CREATE', 'COMPLETE'\) invalid for resume$/,
    );
    expect((await act({ suspend: null })).stack_status).toBe('SUSPEND_COMPLETE');
    const suspended = await resourcesOf(token, path);
    expect([...suspended.values()].every((r) => r['resource_status'] === 'SUSPEND_COMPLETE')).toBe(
      true,
    );
    const update = await cloud.request<Json>('PUT', path, { token, body: { template: TEMPLATE } });
    expect(update.body['error']).toMatchObject({
      type: 'NotSupported',
      message: 'Updating a stack when it is suspended is not supported.',
    });
    expect((await act({ resume: null })).stack_status).toBe('RESUME_COMPLETE');
    const checked = await act({ check: null });
    expect(checked.stack_status).toBe('CHECK_COMPLETE');
    expect(checked.stack_status_reason).toBe(
      "Stack CHECK completed successfully. 'CHECK' not fully supported (see resources)",
    );
    const check = await resourcesOf(token, path);
    expect(check.get('rnd')?.['resource_status_reason']).toBe(
      'CHECK not supported for OS::Heat::RandomString',
    );
    for (const [body, message] of [
      [{}, 'No action specified'],
      [{ suspend: null, resume: null }, 'Multiple actions specified'],
      [{ bogus: null }, 'Invalid action bogus specified'],
    ] as const) {
      const answer = await cloud.request<Json>('POST', `${path}/actions`, { token, body });
      expect(answer.status).toBe(400);
      expect(answer.body['error']).toMatchObject({ type: 'HTTPBadRequest', message });
    }
  });

  it('redirects lookups, keeps deleted stacks visible by id and pages lists', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const { path, stack } = await createStack(cloud, token, projectId, {
      stack_name: 'looked',
      template: { heat_template_version: '2018-08-31', resources: {} },
      tags: 'a,b',
    });
    const lookup = await fetch(`${cloud.url}${base(projectId)}/stacks/looked/resources?x=1`, {
      headers: { 'X-Auth-Token': token },
      redirect: 'manual',
    });
    expect(lookup.status).toBe(302);
    const location = `${cloud.url}${path}/resources?x=1`;
    expect(lookup.headers.get('location')).toBe(location);
    expect(await lookup.json()).toEqual({
      message: `The resource was found at <a href="${location}">${location}</a>;\nyou should be redirected automatically.\n\n`,
      code: '302 Found',
      title: 'Found',
    });
    expect(stack['tags']).toEqual(['a', 'b']);

    const page = await cloud.request<{ stacks: Json[]; links?: Json[]; count?: number }>(
      'GET',
      `${base(projectId)}/stacks?limit=1&with_count=true`,
      { token },
    );
    expect(page.body.stacks).toHaveLength(1);
    expect(page.body.count).toBeGreaterThan(1);
    expect(page.body.links?.[0]).toEqual({
      rel: 'next',
      href: `${cloud.url}${base(projectId)}/stacks?limit=1&with_count=true&marker=${String(page.body.stacks[0]?.['id'])}`,
    });
    const badBool = await cloud.request<Json>('GET', `${base(projectId)}/stacks?show_nested=yes`, {
      token,
    });
    expect(badBool.body['error']).toMatchObject({
      message: 'Unrecognized value "yes" for "show_nested", acceptable values are: true, false.',
    });

    const abandon = await cloud.request<Json>('DELETE', `${path}/abandon`, { token });
    expect(abandon.body['error']).toMatchObject({
      type: 'NotSupported',
      message: 'Stack Abandon is not supported.',
    });
    await cloud.request('DELETE', path, { token });
    const gone = await waitFor(cloud, token, path, deletedStack);
    expect(gone.body.stack).not.toHaveProperty('outputs');
    expect(gone.body.stack.parameters).toEqual({
      'OS::stack_id': gone.body.stack.id,
      'OS::project_id': projectId,
      'OS::stack_name': 'looked',
    });
    const events = await cloud.request<{ events: Json[] }>('GET', `${path}/events`, { token });
    expect(events.body.events[0]?.['resource_status']).toBe('DELETE_COMPLETE');
    const outputs = await cloud.request<Json>('GET', `${path}/outputs`, { token });
    expect(outputs.status).toBe(404);
    const deleted = await cloud.request<{ stacks: Json[] }>(
      'GET',
      `${base(projectId)}/stacks?show_deleted=true&name=looked`,
      { token },
    );
    expect(deleted.body.stacks.map((s) => s['stack_status'])).toEqual(['DELETE_COMPLETE']);
    const again = await createStack(cloud, token, projectId, {
      stack_name: 'looked',
      template: { heat_template_version: '2018-08-31', resources: {} },
    });
    expect(again.stack.stack_status).toBe('CREATE_COMPLETE');
  });
});
