import { afterAll, describe, expect, it } from 'vitest';
import { call, waitFor } from './support/services';
import { session, uniqueName } from './support/session';
import { expectShape, field } from './support/shape';

const stackName = uniqueName('stack');
let stackPath = '';

afterAll(async () => {
  const demo = await session('demo');
  if (stackPath) await call(demo, 'orchestration', 'DELETE', stackPath);
});

const TEMPLATE = {
  heat_template_version: '2018-08-31',
  resources: { secret: { type: 'OS::Heat::RandomString', properties: { length: 12 } } },
  outputs: { value: { value: { get_attr: ['secret', 'value'] } } },
};

// The demo cloud may not serve orchestration yet; the lab does.
describe('heat stacks', () => {
  it('creates a RandomString stack to CREATE_COMPLETE', async (context) => {
    const demo = await session('demo');
    if (!demo.client.hasService('orchestration')) {
      context.skip();
      return;
    }
    const answer = await call(demo, 'orchestration', 'POST', 'stacks', {
      json: { stack_name: stackName, template: TEMPLATE, timeout_mins: 5 },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expectShape(answer.body, {
      stack: { id: 'string', links: [{ href: 'string', rel: 'string' }] },
    });
    stackPath = `stacks/${stackName}/${String(field(answer.body, 'stack', 'id'))}`;
    const done = await waitFor(
      () => call(demo, 'orchestration', 'GET', stackPath),
      (a) => !String(field(a.body, 'stack', 'stack_status')).endsWith('IN_PROGRESS'),
      { timeoutMs: 60_000, intervalMs: 1_000, label: 'stack complete' },
    );
    const stack = field(done.body, 'stack');
    expect(field(stack, 'stack_status')).toBe('CREATE_COMPLETE');
    expectShape(stack, {
      id: 'string',
      stack_name: 'string',
      stack_status: 'string',
      stack_status_reason: 'string',
      creation_time: 'string',
      updated_time: 'string|null',
      deletion_time: 'null',
      description: 'string',
      parameters: 'object',
      outputs: [{ output_key: 'string', output_value: 'any', description: 'string' }],
      links: 'array',
      disable_rollback: 'boolean',
      timeout_mins: 'integer|null',
      stack_owner: 'string|null',
      parent: 'null',
      tags: 'null|array',
      template_description: 'string',
      capabilities: 'array',
      notification_topics: 'array',
      stack_user_project_id: 'string',
    });
    expect(String(field(stack, 'outputs', 0, 'output_value'))).toHaveLength(12);
  });

  it('lists the resources with their fields', async (context) => {
    const demo = await session('demo');
    if (!stackPath) {
      context.skip();
      return;
    }
    const answer = await call(demo, 'orchestration', 'GET', `${stackPath}/resources`);
    expect(answer.status).toBe(200);
    const resources = field(answer.body, 'resources') as unknown[];
    expect(resources.length).toBe(1);
    expectShape(resources[0], {
      resource_name: 'string',
      logical_resource_id: 'string',
      physical_resource_id: 'string',
      resource_type: 'string',
      resource_status: 'string',
      resource_status_reason: 'string',
      creation_time: 'string',
      updated_time: 'string',
      required_by: 'array',
      links: [{ href: 'string', rel: 'string' }],
    });
    expect(field(resources[0], 'resource_type')).toBe('OS::Heat::RandomString');
    expect(field(resources[0], 'resource_status')).toBe('CREATE_COMPLETE');
  });

  it('lists the events of the creation', async (context) => {
    const demo = await session('demo');
    if (!stackPath) {
      context.skip();
      return;
    }
    const answer = await call(demo, 'orchestration', 'GET', `${stackPath}/events`);
    expect(answer.status).toBe(200);
    const events = field(answer.body, 'events') as Record<string, unknown>[];
    expectShape(events, [
      {
        id: 'string',
        event_time: 'string',
        resource_name: 'string',
        logical_resource_id: 'string',
        physical_resource_id: 'string',
        resource_status: 'string',
        resource_status_reason: 'string',
        links: 'array',
      },
    ]);
    const statuses = events.map(
      (e) => `${String(e['resource_name'])}:${String(e['resource_status'])}`,
    );
    expect(statuses).toContain('secret:CREATE_COMPLETE');
    expect(statuses).toContain(`${stackName}:CREATE_COMPLETE`);
  });

  it('refuses a template with an unknown resource type: 400 StackValidationFailed', async (context) => {
    const demo = await session('demo');
    if (!demo.client.hasService('orchestration')) {
      context.skip();
      return;
    }
    const answer = await call(demo, 'orchestration', 'POST', 'stacks', {
      json: {
        stack_name: uniqueName('badstack'),
        template: {
          heat_template_version: '2018-08-31',
          resources: { a: { type: 'OS::Contract::Nope' } },
        },
      },
    });
    expect(answer.status).toBe(400);
    expect(field(answer.body, 'code')).toBe(400);
    expect(field(answer.body, 'title')).toBe('Bad Request');
    expect(field(answer.body, 'error', 'type')).toBe('StackValidationFailed');
    expect(field(answer.body, 'error', 'message')).toBe(
      'The Resource Type (OS::Contract::Nope) could not be found.',
    );
  });

  it('answers an unknown stack with a Heat 404', async (context) => {
    const demo = await session('demo');
    if (!demo.client.hasService('orchestration')) {
      context.skip();
      return;
    }
    const answer = await call(demo, 'orchestration', 'GET', 'stacks/contract-no-such-stack');
    expect(answer.status).toBe(404);
    expectShape(answer.body, {
      code: 'integer',
      title: 'string',
      explanation: 'string',
      error: { type: 'string', message: 'string', traceback: 'null|string' },
    });
    expect(field(answer.body, 'error', 'type')).toBe('EntityNotFound');
    expect(field(answer.body, 'error', 'message')).toBe(
      'The Stack (contract-no-such-stack) could not be found.',
    );
  });
});
