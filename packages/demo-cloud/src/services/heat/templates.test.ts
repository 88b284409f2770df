import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { base, session } from './testing';
import type { Json } from './testing';
import { typeData } from './typeData';

// POST /validate, preview, resource types and template versions as Zed's heat answers them.

const cloudOf = useTestCloud({ lifecycleScale: 0.05 });

const VALIDATED = {
  heat_template_version: '2018-08-31',
  description: 'd',
  parameter_groups: [{ label: 'G1', description: 'first', parameters: ['a', 'b'] }],
  parameters: {
    a: {
      type: 'string',
      label: 'A label',
      description: 'desc a',
      default: 'x',
      constraints: [
        { length: { min: 1, max: 5 }, description: 'len' },
        { allowed_pattern: '[a-z]+' },
      ],
    },
    b: { type: 'number', default: 3, constraints: [{ range: { min: 1, max: 10 } }] },
    e: { type: 'boolean', default: true, hidden: true },
    f: { type: 'string', constraints: [{ custom_constraint: 'nova.flavor' }] },
  },
  resources: { r: { type: 'OS::Heat::RandomString' } },
};

describe('heat templates', () => {
  it('validates a template: parameters, groups and environment in heat views', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const answer = await cloud.request<Json>('POST', `${base(projectId)}/validate`, {
      token,
      body: {
        template: VALIDATED,
        parameters: { a: 'TOOLONG' },
        environment: { parameter_defaults: { b: 4 } },
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      Description: 'd',
      Parameters: {
        a: {
          Type: 'String',
          Description: 'desc a',
          NoEcho: 'false',
          Label: 'A label',
          Default: 'x',
          // /validate checks no value: a too long one is shown, not refused.
          Value: 'TOOLONG',
          MinLength: 1,
          MaxLength: 5,
          AllowedPattern: '[a-z]+',
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
        e: { Type: 'Boolean', Description: '', NoEcho: 'true', Label: 'e', Default: true },
        f: {
          Type: 'String',
          Description: '',
          NoEcho: 'false',
          Label: 'f',
          CustomConstraint: 'nova.flavor',
        },
      },
      ParameterGroups: VALIDATED.parameter_groups,
      Environment: {
        resource_registry: { resources: {} },
        parameters: { a: 'TOOLONG' },
        parameter_defaults: { b: 4 },
        event_sinks: [],
      },
    });
  });

  it('answers validation failures as HTTPBadRequest on /validate, StackValidationFailed on create', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const template = {
      heat_template_version: '2018-08-31',
      resources: { r: { type: 'OS::Heat::RandomString', properties: { nope: 1 } } },
    };
    const validate = await cloud.request<Json>('POST', `${base(projectId)}/validate`, {
      token,
      body: { template },
    });
    expect(validate.body['error']).toEqual({
      type: 'HTTPBadRequest',
      traceback: null,
      message: 'Property error: resources.r.properties: Unknown Property nope',
    });
    const create = await cloud.request<Json>('POST', `${base(projectId)}/stacks`, {
      token,
      body: { stack_name: 'bad-props', template },
    });
    expect(create.body).toEqual({
      code: 400,
      title: 'Bad Request',
      explanation:
        'The server could not comply with the request since it is either malformed or otherwise incorrect.',
      error: {
        type: 'StackValidationFailed',
        traceback: null,
        message: 'Property error: : resources.r.properties: : Unknown Property nope',
      },
    });
    // Values are only checked on create: a value out of the schema's range.
    const range = {
      heat_template_version: '2018-08-31',
      resources: { r: { type: 'OS::Heat::RandomString', properties: { length: 1000 } } },
    };
    const ok = await cloud.request('POST', `${base(projectId)}/validate`, {
      token,
      body: { template: range },
    });
    expect(ok.status).toBe(200);
    const refused = await cloud.request<Json>('POST', `${base(projectId)}/stacks`, {
      token,
      body: { stack_name: 'bad-range', template: range },
    });
    expect((refused.body['error'] as Json)['message']).toBe(
      'Property error: : resources.r.properties.length: : 1000 is out of range (min: 1, max: 512)',
    );
  });

  it('previews resources with their defaulted properties, and groups as their members', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const answer = await cloud.request<{ stack: Json & { resources: unknown[] } }>(
      'POST',
      `${base(projectId)}/stacks/preview`,
      {
        token,
        body: {
          stack_name: 'peek',
          template: {
            heat_template_version: '2018-08-31',
            resources: {
              rnd: { type: 'OS::Heat::RandomString', properties: { length: 5 } },
              grp: {
                type: 'OS::Heat::ResourceGroup',
                properties: {
                  count: 2,
                  resource_def: { type: 'OS::Heat::Value', properties: { value: 'v%index%' } },
                },
              },
            },
            outputs: { ref: { value: { get_resource: 'rnd' } } },
          },
        },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.stack).toMatchObject({
      id: 'None',
      stack_user_project_id: null,
      tags: [],
      parameters: { 'OS::stack_id': 'None', 'OS::stack_name': 'peek' },
      outputs: [{ output_key: 'ref', output_value: 'rnd', description: 'No description given' }],
    });
    const [rnd, members] = answer.body.stack.resources as [Json, Json[]];
    expect(rnd).toMatchObject({
      resource_name: 'rnd',
      resource_action: 'INIT',
      resource_status: 'COMPLETE',
      physical_resource_id: '',
      attributes: { value: null },
      properties: {
        length: 5,
        sequence: null,
        character_classes: [{ class: 'lettersdigits', min: 1 }],
        character_sequences: null,
        salt: null,
      },
      resource_identity: { stack_id: 'None', stack_name: 'peek', path: '/resources/rnd' },
    });
    expect(members.map((m) => [m['resource_name'], m['stack_name'], m['parent_resource']])).toEqual(
      [
        ['0', 'peek-grp', 'grp'],
        ['1', 'peek-grp', 'grp'],
      ],
    );
    expect(members[1]?.['attributes']).toEqual({ value: 'v1' });
  });

  it('lists resource types in heat order, with filters and descriptions', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const get = (query: string): Promise<{ status: number; body: Json }> =>
      cloud.request<Json>('GET', `${base(projectId)}/resource_types${query}`, { token });
    const all = await get('');
    const names = all.body['resource_types'] as string[];
    expect(names).toContain('OS::Heat::ResourceGroup');
    expect(names.indexOf('OS::Heat::Stack')).toBeLessThan(names.indexOf('OS::Heat::ResourceGroup'));
    expect((await get('?name=OS::Nova')).body['resource_types']).toEqual([
      'OS::Nova::KeyPair',
      'OS::Nova::Server',
      'OS::Nova::ServerGroup',
    ]);
    expect((await get('?name=Random')).body['resource_types']).toEqual([]);
    expect((await get('?version=5.0.0')).body['resource_types']).toEqual([
      'OS::Heat::None',
      'OS::Heat::TestResource',
    ]);
    const described = await get('?name=OS::Heat::Value&with_description=true');
    expect(described.body['resource_types']).toEqual([
      {
        resource_type: 'OS::Heat::Value',
        description: typeData('OS::Heat::Value')?.description,
      },
    ]);
    const badStatus = await get('?support_status=BAD');
    expect(badStatus.body['error']).toMatchObject({
      type: 'Invalid',
      message:
        "Data supplied was not valid: Invalid support status and should be one of ('UNKNOWN', 'SUPPORTED', 'DEPRECATED', 'UNSUPPORTED', 'HIDDEN')",
    });
  });

  it('shows a type schema and its generated templates', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const get = (path: string): Promise<{ status: number; body: Json }> =>
      cloud.request<Json>('GET', `${base(projectId)}/resource_types/${path}`, { token });
    const schema = await get('OS::Heat::RandomString');
    expect(schema.body['support_status']).toEqual({
      status: 'SUPPORTED',
      message: null,
      version: '2014.1',
      previous_status: null,
    });
    expect((schema.body['properties'] as Json)['length']).toEqual({
      type: 'integer',
      description: 'Length of the string to generate.',
      default: 32,
      required: false,
      constraints: [{ range: { min: 1, max: 512 } }],
      update_allowed: false,
      immutable: false,
    });
    const cfn = await get('OS::Heat::RandomString/template');
    expect(cfn.body).toMatchObject({
      HeatTemplateFormatVersion: '2012-12-12',
      Description: 'Initial template of RandomString',
      Parameters: { length: { Type: 'Number', Default: 32, MinValue: 1, MaxValue: 512 } },
      Resources: {
        RandomString: {
          Type: 'OS::Heat::RandomString',
          Properties: { character_classes: { 'Fn::Split': [',', { Ref: 'character_classes' }] } },
        },
      },
      Outputs: { 'OS::stack_id': { Value: { Ref: 'RandomString' } } },
    });
    const hot = await get('OS::Neutron::Net/template?template_type=hot');
    expect(hot.body).toMatchObject({
      heat_template_version: '2016-10-14',
      description: 'Initial template of Net',
      resources: { Net: { type: 'OS::Neutron::Net' } },
      outputs: { 'OS::stack_id': { value: { get_resource: 'Net' } } },
    });
    // Zed's heat-api fails on OS::Heat::Value's template.
    const value = await get('OS::Heat::Value/template');
    expect(value.status).toBe(500);
    expect(value.body['error']).toEqual({ type: 'KeyError', traceback: null });
    const unknown = await get('OS::Nope');
    expect(unknown.body['error']).toMatchObject({
      type: 'EntityNotFound',
      message: 'The Resource Type (OS::Nope) could not be found.',
    });
    const badKind = await get('OS::Heat::None/template?template_type=xml');
    expect((badKind.body['error'] as Json)['message']).toBe(
      'Template type is not supported: Invalid template type "xml", valid types are: cfn, hot.',
    );
  });

  it('answers unknown paths as webob does and wrong methods with a 405', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const html = await fetch(`${cloud.url}${base(projectId)}/nowhere`, {
      headers: { 'X-Auth-Token': token },
    });
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const json = await cloud.request<Json>('GET', `${base(projectId)}/nowhere`, { token });
    expect(json.body).toEqual({
      message: 'The resource could not be found.<br /><br />\n\n\n',
      code: '404 Not Found',
      title: 'Not Found',
    });
    const method = await cloud.request<Json>('DELETE', `${base(projectId)}/stacks`, { token });
    expect(method.status).toBe(405);
    expect(method.body['error']).toMatchObject({ type: 'HTTPMethodNotAllowed' });
    const anonymous = await cloud.request('GET', `${base(projectId)}/nowhere`);
    expect(anonymous.status).toBe(401);
  });

  it('lists template versions and their functions', async () => {
    const cloud = cloudOf();
    const { token, projectId } = await session(cloud);
    const functions = async (version: string, query = ''): Promise<unknown> => {
      const answer = await cloud.request<Json>(
        'GET',
        `${base(projectId)}/template_versions/${version}/functions${query}`,
        { token },
      );
      const list = answer.body['template_functions'] as Json[] | undefined;
      return list ? list.map((f) => f['functions']) : answer.body['error'];
    };
    expect(await functions('heat_template_version.2015-04-30')).toEqual([
      'get_attr',
      'get_file',
      'get_param',
      'get_resource',
      'list_join',
      'repeat',
      'resource_facade',
      'str_replace',
      'Fn::Select',
      'digest',
    ]);
    const plain = (await functions('heat_template_version.rocky')) as string[];
    expect(plain).toContain('if');
    expect(plain).not.toContain('equals');
    const withConditions = (await functions(
      'heat_template_version.2018-08-31',
      '?with_condition_func=true',
    )) as string[];
    expect(withConditions.slice(-4)).toEqual(['equals', 'not', 'and', 'or']);
    expect(await functions('heat_template_version.2099-01-01')).toMatchObject({
      type: 'NotFound',
      message: 'Template with version heat_template_version.2099-01-01 not found',
    });
    expect(
      await functions('heat_template_version.2018-08-31', '?with_condition_func=1'),
    ).toMatchObject({
      type: 'HTTPBadRequest',
      message:
        'Unrecognized value "1" for "with_condition_func", acceptable values are: true, false.',
    });
  });
});
