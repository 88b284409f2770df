import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawAnswer } from './support/http';
import { call, waitFor } from './support/services';
import { session, uniqueName } from './support/session';
import type { Session } from './support/session';
import { expectShape, field } from './support/shape';

// Heat (orchestration): templates, stacks, updates, actions and nested stacks. Stacks are cheap
// (RandomString, Value, None, TestResource, one ResourceGroup) and deleted afterwards.

let demo: Session;
const created: string[] = [];

beforeAll(async () => {
  demo = await session('demo');
});

afterAll(async () => {
  for (const path of created) await orch('DELETE', path);
});

type Json = Record<string, unknown>;

const orch = (method: string, path: string, json?: unknown): Promise<RawAnswer> =>
  call(demo, 'orchestration', method, path, json === undefined ? {} : { json });

const settled = (a: RawAnswer): boolean =>
  a.status !== 200 || !String(field(a.body, 'stack', 'stack_status')).endsWith('IN_PROGRESS');

const wait = (path: string): Promise<RawAnswer> =>
  waitFor(() => orch('GET', path), settled, {
    timeoutMs: 90_000,
    intervalMs: 500,
    label: `${path} settled`,
  });

/** Creates a stack, waits until it settles; its path is deleted after the file. */
const createStack = async (
  prefix: string,
  template: Json,
  extra: Json = {},
): Promise<{ name: string; path: string; stack: Json }> => {
  const name = uniqueName(prefix);
  const answer = await orch('POST', 'stacks', { stack_name: name, template, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const path = `stacks/${name}/${String(field(answer.body, 'stack', 'id'))}`;
  created.push(path);
  const done = await wait(path);
  return { name, path, stack: field(done.body, 'stack') as Json };
};

const outputsOf = (stack: Json): Record<string, unknown> =>
  Object.fromEntries(
    (stack['outputs'] as Json[]).map((o) => [String(o['output_key']), o['output_value']]),
  );

const errorOf = (answer: RawAnswer): Json => field(answer.body, 'error') as Json;

/** Events in order as `name:STATUS|reason`, after `skip` earlier ones. */
const trail = async (path: string, skip = 0): Promise<string[]> => {
  const answer = await orch('GET', `${path}/events?sort_dir=asc`);
  return (field(answer.body, 'events') as Json[])
    .map(
      (e) =>
        `${String(e['resource_name'])}:${String(e['resource_status'])}|${String(e['resource_status_reason'])}`,
    )
    .slice(skip);
};

const RANDOM = {
  heat_template_version: '2018-08-31',
  resources: { secret: { type: 'OS::Heat::RandomString', properties: { length: 12 } } },
  outputs: { value: { value: { get_attr: ['secret', 'value'] } } },
};

describe('heat stacks', () => {
  it('creates a RandomString stack to CREATE_COMPLETE with heat fields', async () => {
    const { name, path, stack } = await createStack('stack', RANDOM, { timeout_mins: 5 });
    expect(field(stack, 'stack_status')).toBe('CREATE_COMPLETE');
    expectShape(stack, {
      id: 'string',
      stack_name: 'string',
      stack_status: 'string',
      stack_status_reason: 'string',
      creation_time: 'string',
      updated_time: 'null',
      deletion_time: 'null',
      description: 'string',
      parameters: 'object',
      outputs: [{ output_key: 'string', output_value: 'any', description: 'string' }],
      links: [{ href: 'string', rel: 'string' }],
      disable_rollback: 'boolean',
      timeout_mins: 'integer',
      stack_owner: 'string',
      parent: 'null',
      tags: 'array',
      template_description: 'string',
      capabilities: 'array',
      notification_topics: 'array',
      stack_user_project_id: 'string',
      project: 'absent',
    });
    expect(Object.keys(field(stack, 'parameters') as Json)).toEqual([
      'OS::stack_id',
      'OS::project_id',
      'OS::stack_name',
    ]);
    expect(String(outputsOf(stack)['value'])).toHaveLength(12);

    const resources = await orch('GET', `${path}/resources`);
    expectShape(field(resources.body, 'resources'), [
      {
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
        parent_resource: 'absent',
        attributes: 'absent',
      },
    ]);
    const secret = field(resources.body, 'resources', 0) as Json;
    expect(secret['physical_resource_id']).toMatch(new RegExp(`^${name}-secret-[a-z0-9]{12}$`));
    const shown = await orch('GET', `${path}/resources/secret`);
    expect(Object.keys(field(shown.body, 'resource') as Json)).toContain('attributes');
    expect(field(shown.body, 'resource', 'attributes')).toEqual({
      value: outputsOf(stack)['value'],
    });

    // Events list newest first unless asked otherwise.
    const events = await orch('GET', `${path}/events`);
    const first = field(events.body, 'events', 0) as Json;
    expect(`${String(first['resource_name'])}:${String(first['resource_status'])}`).toBe(
      `${name}:CREATE_COMPLETE`,
    );
    expect(await trail(path)).toEqual([
      `${name}:CREATE_IN_PROGRESS|Stack CREATE started`,
      'secret:CREATE_IN_PROGRESS|state changed',
      'secret:CREATE_COMPLETE|state changed',
      `${name}:CREATE_COMPLETE|Stack CREATE completed successfully`,
    ]);
  });

  it('redirects a lookup by name to the stack, and keeps a deleted stack visible by id', async () => {
    const { name, path } = await createStack('lookup', {
      heat_template_version: '2018-08-31',
      resources: { n: { type: 'OS::Heat::None' } },
    });
    const url = `${demo.client.endpointFor('orchestration')}/stacks/${name}/resources?x=1`;
    const answer = await fetch(url, {
      headers: { 'X-Auth-Token': demo.token, Accept: 'application/json' },
      redirect: 'manual',
    });
    expect(answer.status).toBe(302);
    const location = answer.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`/${path}/resources\\?x=1$`));
    expect(await answer.json()).toEqual({
      message: `The resource was found at <a href="${location}">${location}</a>;\nyou should be redirected automatically.\n\n`,
      code: '302 Found',
      title: 'Found',
    });

    expect((await orch('DELETE', path)).status).toBe(204);
    const gone = await waitFor(
      () => orch('GET', path),
      (a) => field(a.body, 'stack', 'stack_status') === 'DELETE_COMPLETE',
      { timeoutMs: 60_000, intervalMs: 500, label: 'stack deleted' },
    );
    expect(field(gone.body, 'stack', 'stack_status_reason')).toBe(
      'Stack DELETE completed successfully',
    );
    expect(field(gone.body, 'stack', 'deletion_time')).toEqual(expect.any(String));
    const listed = await orch('GET', `stacks?name=${name}`);
    expect(field(listed.body, 'stacks')).toEqual([]);
    const again = await orch('DELETE', path);
    expect(again.status).toBe(404);
    expect(errorOf(again)).toMatchObject({
      type: 'EntityNotFound',
      message: `The Stack (${name}) could not be found.`,
    });
  });

  it('lists every project’s stacks, with their project, to an admin of the admin project', async () => {
    const { name, stack } = await createStack('admin-list', {
      heat_template_version: '2018-08-31',
      resources: {},
    });
    const admin = await session('admin');
    const listed = await call(admin, 'orchestration', 'GET', `stacks?name=${name}`);
    expect(listed.status).toBe(200);
    expect(field(listed.body, 'stacks', 0)).toMatchObject({
      id: stack['id'],
      project: demo.projectId,
      description: '',
    });
    const own = await orch('GET', `stacks?name=${name}`);
    expect(Object.keys(field(own.body, 'stacks', 0) as Json)).not.toContain('project');
  });

  it('refuses a template with an unknown resource type: 400 StackValidationFailed', async () => {
    const answer = await orch('POST', 'stacks', {
      stack_name: uniqueName('badstack'),
      template: {
        heat_template_version: '2018-08-31',
        resources: { a: { type: 'OS::Contract::Nope' } },
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 400,
      title: 'Bad Request',
      explanation:
        'The server could not comply with the request since it is either malformed or otherwise incorrect.',
      error: {
        type: 'StackValidationFailed',
        traceback: null,
        message: 'The Resource Type (OS::Contract::Nope) could not be found.',
      },
    });
  });

  it('answers an unknown stack with a Heat 404', async () => {
    const answer = await orch('GET', 'stacks/contract-no-such-stack');
    expect(answer.status).toBe(404);
    expect(errorOf(answer)).toEqual({
      type: 'EntityNotFound',
      traceback: null,
      message: 'The Stack (contract-no-such-stack) could not be found.',
    });
  });
});

describe('heat routing', () => {
  it('answers an unknown path with webob’s 404 and a wrong method with a JSON 405', async () => {
    // webob picks the page's form from Accept.
    const unknown = await orch('GET', 'contract-nowhere');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      message: 'The resource could not be found.<br /><br />\n\n\n',
      code: '404 Not Found',
      title: 'Not Found',
    });
    const html = await fetch(`${demo.client.endpointFor('orchestration')}/contract-nowhere`, {
      headers: { 'X-Auth-Token': demo.token },
    });
    expect(html.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(await html.text()).toBe(
      '<html>\n <head>\n  <title>404 Not Found</title>\n </head>\n <body>\n  <h1>404 Not Found</h1>\n  The resource could not be found.<br /><br />\n\n\n\n </body>\n</html>',
    );
    const method = await orch('DELETE', 'stacks');
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toBeNull();
    const comply =
      'The server could not comply with the request since it is either malformed or otherwise incorrect.';
    expect(method.body).toEqual({
      code: 405,
      title: 'Method Not Allowed',
      explanation: comply,
      error: { type: 'HTTPMethodNotAllowed', traceback: null, message: comply },
    });
    const anonymous = await fetch(`${demo.client.endpointFor('orchestration')}/contract-nowhere`);
    expect(anonymous.status).toBe(401);
  });
});

describe('heat templates', () => {
  it('lists template versions and their functions', async () => {
    const versions = await orch('GET', 'template_versions');
    expect(field(versions.body, 'template_versions')).toContainEqual({
      version: 'heat_template_version.2021-04-16',
      type: 'hot',
      aliases: ['heat_template_version.wallaby'],
    });
    const functions = await orch(
      'GET',
      'template_versions/heat_template_version.2018-08-31/functions?with_condition_func=true',
    );
    const names = (field(functions.body, 'template_functions') as Json[]).map(
      (f) => f['functions'],
    );
    expect(names).toEqual(expect.arrayContaining(['get_attr', 'if', 'make_url', 'equals', 'or']));
    expect(names).toHaveLength(25);
    const unknown = await orch(
      'GET',
      'template_versions/heat_template_version.2099-01-01/functions',
    );
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toEqual({
      type: 'NotFound',
      traceback: null,
      message: 'Template with version heat_template_version.2099-01-01 not found',
    });
  });

  it('validates a template into heat parameter views', async () => {
    const template = {
      heat_template_version: '2018-08-31',
      description: 'contract',
      parameter_groups: [{ label: 'G', description: 'g', parameters: ['a'] }],
      parameters: {
        a: {
          type: 'string',
          label: 'A',
          default: 'x',
          constraints: [{ length: { min: 1, max: 5 }, description: 'len' }],
        },
        b: { type: 'number', default: 3, constraints: [{ range: { min: 1, max: 10 } }] },
        h: { type: 'boolean', default: true, hidden: true },
      },
      resources: { r: { type: 'OS::Heat::RandomString' } },
    };
    const answer = await orch('POST', 'validate', {
      template,
      parameters: { a: 'TOOLONG' },
      environment: { parameter_defaults: { b: 4 } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      Description: 'contract',
      Parameters: {
        a: {
          Type: 'String',
          Description: '',
          NoEcho: 'false',
          Label: 'A',
          Default: 'x',
          Value: 'TOOLONG',
          MinLength: 1,
          MaxLength: 5,
          ConstraintDescription: 'len',
        },
        b: {
          Type: 'Number',
          Description: '',
          NoEcho: 'false',
          Label: 'b',
          Default: 4,
          MinValue: 1,
          MaxValue: 10,
        },
        h: { Type: 'Boolean', Description: '', NoEcho: 'true', Label: 'h', Default: true },
      },
      ParameterGroups: [{ label: 'G', description: 'g', parameters: ['a'] }],
      Environment: {
        resource_registry: { resources: {} },
        parameters: { a: 'TOOLONG' },
        parameter_defaults: { b: 4 },
        event_sinks: [],
      },
    });
  });

  it('words validation failures as heat does, on /validate and on create', async () => {
    const bad = {
      heat_template_version: '2018-08-31',
      resources: {
        r: { type: 'OS::Heat::Value', properties: { value: { k: [1, { str_replace: 'x' }] } } },
      },
    };
    const validate = await orch('POST', 'validate', { template: bad });
    expect(errorOf(validate)).toEqual({
      type: 'HTTPBadRequest',
      traceback: null,
      message:
        'resources.r.properties.value.k[1].str_replace: Arguments to "str_replace" must be a map',
    });
    const create = await orch('POST', 'stacks', { stack_name: uniqueName('bad'), template: bad });
    expect(errorOf(create)).toEqual({
      type: 'StackValidationFailed',
      traceback: null,
      message:
        'resources.r.properties.value.k[1].str_replace: : Arguments to "str_replace" must be a map',
    });
    const reference = await orch('POST', 'validate', {
      template: {
        heat_template_version: '2018-08-31',
        resources: {
          r: { type: 'OS::Heat::Value', properties: { value: { get_resource: 'x' } } },
        },
      },
    });
    expect(errorOf(reference)).toMatchObject({
      type: 'InvalidTemplateReference',
      message: 'The specified reference "x" (in r.Properties.value) is incorrect.',
    });
    const version = await orch('POST', 'validate', { template: { resources: {} } });
    expect(errorOf(version)).toMatchObject({
      type: 'InvalidTemplateVersion',
      message: 'The template version is invalid: Template version was not provided',
    });
  });

  it('checks parameter values on create with heat texts', async () => {
    const template = {
      heat_template_version: '2018-08-31',
      parameters: {
        l: { type: 'string', default: 'abc', constraints: [{ length: { min: 2, max: 5 } }] },
        r: { type: 'number', default: 3, constraints: [{ range: { min: 2, max: 5 } }] },
        v: { type: 'string', default: 'x', constraints: [{ allowed_values: ['x', 'y'] }] },
        p: { type: 'string', default: 'abc', constraints: [{ allowed_pattern: '[a-c]+' }] },
      },
      resources: { n: { type: 'OS::Heat::None' } },
    };
    const cases: Array<[Json, string, string]> = [
      [
        { l: 'a' },
        'StackValidationFailed',
        "Parameter 'l' is invalid: length (1) is out of range (min: 2, max: 5)",
      ],
      [
        { r: '6.5' },
        'StackValidationFailed',
        "Parameter 'r' is invalid: 6.5 is out of range (min: 2, max: 5)",
      ],
      [
        { r: 'abc' },
        'StackValidationFailed',
        "Parameter 'r' is invalid: could not convert string to float: 'abc'",
      ],
      [
        { v: 'z' },
        'StackValidationFailed',
        'Parameter \'v\' is invalid: "z" is not an allowed value ["x", "y"]',
      ],
      [
        { p: 'abcd' },
        'StackValidationFailed',
        'Parameter \'p\' is invalid: "abcd" does not match pattern "[a-c]+"',
      ],
      [{ zz: '1' }, 'UnknownUserParameter', 'The Parameter (zz) was not defined in template.'],
    ];
    for (const [parameters, type, message] of cases) {
      const answer = await orch('POST', 'stacks', {
        stack_name: uniqueName('params'),
        template,
        parameters,
      });
      expect(answer.status, message).toBe(400);
      expect(errorOf(answer)).toEqual({ type, traceback: null, message });
    }
  });

  it('evaluates intrinsic functions and conditions into outputs', async () => {
    const { stack } = await createStack('functions', {
      heat_template_version: '2021-04-16',
      parameters: {
        p: { type: 'json', default: { a: [1, { b: 'deep' }] } },
        l: { type: 'comma_delimited_list', default: 'x,y,z' },
        n: { type: 'number', default: 7 },
      },
      conditions: {
        eq: { equals: [{ get_param: 'n' }, 7] },
        notc: { not: 'eq' },
        has: { contains: ['y', { get_param: 'l' }] },
      },
      resources: {
        v: { type: 'OS::Heat::Value', properties: { value: { k: [10, 20, { z: 'zz' }] } } },
        gone: { type: 'OS::Heat::Value', condition: 'notc', properties: { value: 1 } },
      },
      outputs: {
        gp_path: { value: { get_param: ['p', 'a', 1, 'b'] } },
        ga_path: { value: { get_attr: ['v', 'value', 'k', 2, 'z'] } },
        ga_missing: { value: { get_attr: ['v', 'value', 'nope'] } },
        sr: {
          value: {
            str_replace: {
              template: '$a-$ab-$n',
              params: { $a: '1', $ab: '2', $n: { get_param: 'n' } },
            },
          },
        },
        sr_list: { value: { str_replace: { template: 'x=$x', params: { $x: [1, 2] } } } },
        lj: { value: { list_join: [',', ['a', 'b'], { get_param: 'l' }] } },
        lj_map: { value: { list_join: [',', [{ a: 1 }, 'b']] } },
        lj_bad: { value: { list_join: [',', [1]] } },
        rep: {
          value: { repeat: { for_each: { '<%p%>': ['80', '443'] }, template: { port: '<%p%>' } } },
        },
        split: { value: { str_split: [',', 'a,b,c', 1] } },
        merge: { value: { map_merge: [{ a: 1, b: 2 }, { b: 3 }] } },
        if_t: { value: { if: ['eq', 'yes', 'no'] } },
        if_has: { value: { if: ['has', 'yes', 'no'] } },
        if_2: { value: { if: ['notc', 'yes'] } },
        cond_out: { value: 'shown', condition: 'notc' },
        url: {
          value: {
            make_url: {
              scheme: 'http',
              host: 'example.com',
              port: 8080,
              path: '/a b',
              query: { q: '1 2' },
            },
          },
        },
        plain: { value: { get_nothing: 'x' } },
      },
    });
    expect(field(stack, 'stack_status')).toBe('CREATE_COMPLETE');
    const outputs = stack['outputs'] as Json[];
    const bad = outputs.find((o) => o['output_key'] === 'lj_bad');
    expect(bad).toEqual({
      output_key: 'lj_bad',
      description: 'No description given',
      output_value: null,
      output_error: 'Items to join must be string, map or list not 1',
    });
    expect(outputsOf(stack)).toEqual({
      gp_path: 'deep',
      ga_path: 'zz',
      ga_missing: null,
      sr: '1-2-7',
      sr_list: 'x=[1, 2]',
      lj: 'a,b,x,y,z',
      lj_map: '{"a": 1},b',
      lj_bad: null,
      rep: [{ port: '80' }, { port: '443' }],
      split: 'b',
      merge: { a: 1, b: 3 },
      if_t: 'yes',
      if_has: 'yes',
      if_2: null,
      cond_out: null,
      url: 'http://example.com:8080/a%20b?q=1+2',
      plain: { get_nothing: 'x' },
    });
  });

  it('lists resource types and shows their schema and template', async () => {
    const list = await orch('GET', 'resource_types?name=OS::Heat::');
    expect(field(list.body, 'resource_types')).toEqual(
      expect.arrayContaining([
        'OS::Heat::RandomString',
        'OS::Heat::ResourceGroup',
        'OS::Heat::Value',
      ]),
    );
    const schema = await orch('GET', 'resource_types/OS::Heat::RandomString');
    expect(Object.keys(schema.body as Json)).toEqual([
      'resource_type',
      'properties',
      'attributes',
      'support_status',
    ]);
    expect(field(schema.body, 'properties', 'length')).toEqual({
      type: 'integer',
      description: 'Length of the string to generate.',
      default: 32,
      required: false,
      constraints: [{ range: { min: 1, max: 512 } }],
      update_allowed: false,
      immutable: false,
    });
    expect(field(schema.body, 'attributes')).toEqual({
      value: {
        description:
          'The random string generated by this resource. This value is also available by referencing the resource.',
        type: 'string',
      },
      show: { description: 'Detailed information about resource.', type: 'map' },
    });
    const hot = await orch(
      'GET',
      'resource_types/OS::Heat::RandomString/template?template_type=hot',
    );
    expect(field(hot.body, 'parameters', 'length')).toEqual({
      type: 'number',
      description: 'Length of the string to generate.',
      default: 32,
      constraints: [{ range: { min: 1, max: 512 } }],
    });
    expect(field(hot.body, 'outputs', 'OS::stack_id')).toEqual({
      value: { get_resource: 'RandomString' },
    });
    const unknown = await orch('GET', 'resource_types/OS::Contract::Nope');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toMatchObject({
      type: 'EntityNotFound',
      message: 'The Resource Type (OS::Contract::Nope) could not be found.',
    });
  });
});

const UPDATABLE = (value: string, length: number): Json => ({
  heat_template_version: '2018-08-31',
  resources: {
    val: { type: 'OS::Heat::Value', properties: { value } },
    rnd: { type: 'OS::Heat::RandomString', properties: { length } },
    keep: { type: 'OS::Heat::None' },
  },
  outputs: { val: { value: { get_attr: ['val', 'value'] } } },
});

describe('heat updates and actions', () => {
  it('updates in place where it may, replaces where it must', async () => {
    const { name, path } = await createStack('update', UPDATABLE('one', 5));
    const before = (await trail(path)).length;
    const put = await orch('PUT', path, { template: UPDATABLE('two', 6) });
    expect(put.status).toBe(202);
    expect(put.body).toEqual({
      message: 'The request is accepted for processing.<br /><br />\n\n\n',
      code: '202 Accepted',
      title: 'Accepted',
    });
    const done = await wait(path);
    expect(field(done.body, 'stack', 'stack_status')).toBe('UPDATE_COMPLETE');
    expect(outputsOf(field(done.body, 'stack') as Json)['val']).toBe('two');
    const events = await trail(path, before);
    expect(events[0]).toBe(`${name}:UPDATE_IN_PROGRESS|Stack UPDATE started`);
    expect(events.filter((e) => e.startsWith('val:'))).toEqual([
      'val:UPDATE_IN_PROGRESS|state changed',
      'val:UPDATE_COMPLETE|state changed',
    ]);
    expect(events.filter((e) => e.startsWith('rnd:'))).toEqual([
      'rnd:UPDATE_IN_PROGRESS|state changed',
      'rnd:UPDATE_COMPLETE|The Resource rnd requires replacement.',
      'rnd:CREATE_IN_PROGRESS|state changed',
      'rnd:CREATE_COMPLETE|state changed',
      'rnd:DELETE_IN_PROGRESS|state changed',
      'rnd:DELETE_COMPLETE|state changed',
    ]);
    expect(events.some((e) => e.startsWith('keep:'))).toBe(false);
    expect(events.at(-1)).toBe(`${name}:UPDATE_COMPLETE|Stack UPDATE completed successfully`);
  });

  it('suspends, resumes and checks a stack', async () => {
    const { path } = await createStack('actions', UPDATABLE('one', 5));
    const act = async (body: Json): Promise<Json> => {
      const answer = await orch('POST', `${path}/actions`, body);
      expect(answer.status).toBe(200);
      return field((await wait(path)).body, 'stack') as Json;
    };
    expect(field(await act({ suspend: null }), 'stack_status')).toBe('SUSPEND_COMPLETE');
    expect(field(await act({ resume: null }), 'stack_status')).toBe('RESUME_COMPLETE');
    const checked = await act({ check: null });
    expect(checked['stack_status']).toBe('CHECK_COMPLETE');
    expect(checked['stack_status_reason']).toBe(
      "Stack CHECK completed successfully. 'CHECK' not fully supported (see resources)",
    );
    const cancel = await orch('POST', `${path}/actions`, { cancel_update: null });
    expect(errorOf(cancel)).toEqual({
      type: 'NotSupported',
      traceback: null,
      message: 'Cancelling update when stack is CHECK_COMPLETE is not supported.',
    });
    const unknown = await orch('POST', `${path}/actions`, { bogus: null });
    expect(errorOf(unknown)).toMatchObject({ message: 'Invalid action bogus specified' });
  });

  it('rolls a failed create back when rollback is enabled', async () => {
    const { name, stack } = await createStack(
      'rollback',
      {
        heat_template_version: '2018-08-31',
        resources: {
          ok: { type: 'OS::Heat::Value', properties: { value: 1 } },
          bad: { type: 'OS::Heat::TestResource', properties: { fail: true }, depends_on: 'ok' },
        },
      },
      { disable_rollback: false },
    );
    expect(stack['stack_status']).toBe('ROLLBACK_COMPLETE');
    expect(stack['stack_status_reason']).toBe('Stack ROLLBACK completed successfully');
    const events = await trail(`stacks/${name}/${String(stack['id'])}`);
    expect(events).toContain(
      `${name}:CREATE_FAILED|Resource CREATE failed: ValueError: resources.bad: Test Resource failed bad`,
    );
    expect(events).toContain('ok:DELETE_COMPLETE|state changed');
  });
});

describe('heat nested stacks', () => {
  it('builds a ResourceGroup as a nested stack', async () => {
    const { name, path, stack } = await createStack('group', {
      heat_template_version: '2018-08-31',
      resources: {
        grp: {
          type: 'OS::Heat::ResourceGroup',
          properties: {
            count: 2,
            resource_def: { type: 'OS::Heat::Value', properties: { value: 'item-%index%' } },
          },
        },
      },
      outputs: {
        values: { value: { get_attr: ['grp', 'value'] } },
        refs: { value: { get_attr: ['grp', 'refs'] } },
        one: { value: { get_attr: ['grp', 'resource.1.value'] } },
        attributes: { value: { get_attr: ['grp', 'attributes', 'value'] } },
      },
    });
    expect(stack['stack_status']).toBe('CREATE_COMPLETE');
    const outputs = outputsOf(stack);
    expect(outputs).toMatchObject({
      values: ['item-0', 'item-1'],
      one: 'item-1',
      attributes: { '0': 'item-0', '1': 'item-1' },
    });
    const refs = outputs['refs'] as string[];
    expect(refs[0]).toMatch(new RegExp(`^${name}-grp-[a-z0-9]{12}-0-[a-z0-9]{12}$`));

    const group = await orch('GET', `${path}/resources/grp`);
    const resource = field(group.body, 'resource') as Json;
    expect((resource['links'] as Json[]).map((l) => l['rel'])).toEqual(['self', 'stack', 'nested']);
    expect(resource['attributes']).toEqual({
      refs_map: null,
      refs: null,
      removed_rsrc_list: [],
      attributes: null,
    });
    const deep = await orch('GET', `${path}/resources?nested_depth=1`);
    const members = (field(deep.body, 'resources') as Json[]).filter(
      (r) => r['parent_resource'] === 'grp',
    );
    expect(members.map((m) => m['physical_resource_id']).sort()).toEqual([...refs].sort());

    const nestedHref = String((resource['links'] as Json[])[2]?.['href']);
    const nestedPath = nestedHref.slice(nestedHref.indexOf('stacks/'));
    const nested = await orch('GET', nestedPath);
    expect(field(nested.body, 'stack', 'parent')).toBe(stack['id']);
    expect(field(nested.body, 'stack', 'stack_name')).toMatch(
      new RegExp(`^${name}-grp-[a-z0-9]{12}$`),
    );
    const template = await orch('GET', `${nestedPath}/template`);
    expect(field(template.body, 'resources', '1')).toEqual({
      type: 'OS::Heat::Value',
      properties: { value: 'item-1' },
    });
  });
});
