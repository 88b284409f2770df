import { randomInt } from 'node:crypto';
import { uuid } from '../../../core/ids';
import { lifecycleDelay } from '../../../core/lifecycle';
import type { CloudContext } from '../../../core/service';
import { isObject, validationFailed } from '../http';
import type { Json } from '../http';
import { stackResources } from '../model';
import type { ResourceDoc } from '../model';
import { pyRepr, pyStr } from '../py';
import { propertyError, ResourceFailure } from './types';
import type { ResourcePlugin } from './types';

/** heat's own resource types: they touch no other service. */

const CLASSES: Readonly<Record<string, string>> = {
  lowercase: 'abcdefghijklmnopqrstuvwxyz',
  uppercase: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digits: '0123456789',
  hexdigits: '0123456789abcdefABCDEF',
  octdigits: '01234567',
  letters: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  lettersdigits: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
};

const pick = (chars: string): string => chars[randomInt(chars.length)] ?? '';

const minimumOf = (items: unknown): number =>
  (Array.isArray(items) ? items : []).reduce<number>(
    (sum, c) => sum + (isObject(c) ? Number(c['min'] ?? 1) : 0),
    0,
  );

const randomString: ResourcePlugin = {
  validate: (name, p) => {
    if (
      minimumOf(p['character_classes']) + minimumOf(p['character_sequences']) >
      Number(p['length'])
    ) {
      throw validationFailed({
        path: `resources.${name}`,
        message:
          'Length property cannot be smaller than combined character class and character sequence minimums',
      });
    }
  },
  create: (_ctx, request) => {
    const p = request.properties;
    // Zed's heat still accepts the hidden `sequence` property, then fails on it.
    if (p['sequence'] !== null && p['sequence'] !== undefined) {
      throw new ResourceFailure('AssertionError', '');
    }
    const length = Number(p['length'] ?? 32);
    const chars: string[] = [];
    let pool = '';
    const classes = Array.isArray(p['character_classes'])
      ? p['character_classes']
      : [{ class: 'lettersdigits', min: 1 }];
    for (const c of classes) {
      if (!isObject(c)) continue;
      const set = CLASSES[pyStr(c['class'] ?? 'lettersdigits')] ?? CLASSES['lettersdigits'] ?? '';
      pool += set;
      for (let i = 0; i < Number(c['min'] ?? 1); i++) chars.push(pick(set));
    }
    for (const c of Array.isArray(p['character_sequences']) ? p['character_sequences'] : []) {
      if (!isObject(c)) continue;
      const set = pyStr(c['sequence'] ?? '');
      pool += set;
      for (let i = 0; i < Number(c['min'] ?? 1); i++) chars.push(pick(set));
    }
    if (pool === '') pool = CLASSES['lettersdigits'] ?? '';
    while (chars.length < length) chars.push(pick(pool));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
    }
    return { physicalId: request.physicalName, attributes: { value: chars.join('') } };
  },
  delete: () => undefined,
};

const noneResource: ResourcePlugin = {
  anyProperty: true,
  anyAttribute: true,
  create: () => ({ physicalId: uuid(), attributes: {} }),
  delete: () => undefined,
};

const waitSecs = (props: Json, action: 'create' | 'update' | 'delete'): number => {
  const wait = props['action_wait_secs'];
  if (isObject(wait) && typeof wait[action] === 'number') return wait[action] * 1000;
  const all = Number(props['wait_secs'] ?? 0);
  return all > 0 ? all * 1000 : 0;
};

const testResource: ResourcePlugin = {
  create: (_ctx, request) => {
    if (request.properties['fail'] === true) {
      throw new ResourceFailure('ValueError', `Test Resource failed ${request.name}`);
    }
    return {
      physicalId: request.physicalName,
      attributes: { output: pyStr(request.properties['value'] ?? 'test_string') },
      waitMs: waitSecs(request.properties, 'create'),
    };
  },
  update: (_ctx, request) => {
    if (request.properties['fail'] === true) {
      throw new ResourceFailure('ValueError', `Test Resource failed ${request.resource.name}`);
    }
    return {
      attributes: { output: pyStr(request.properties['value'] ?? 'test_string') },
      waitMs: waitSecs(request.properties, 'update'),
    };
  },
  replaceOn: (_before, after) => after['update_replace'] === true,
  delete: () => undefined,
  deleteWaitMs: (r) => waitSecs(r.properties, 'delete'),
};

const VALUE_TYPES = ['string', 'number', 'comma_delimited_list', 'json', 'boolean'];

/** OS::Heat::Value's `value` as its `type` reads it. */
const typedValue = (name: string, p: Json): unknown => {
  const value = p['value'];
  switch (p['type']) {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(pyStr(value).trim());
      if (typeof value === 'boolean' || Number.isNaN(n) || pyStr(value).trim() === '') {
        throw propertyError(
          name,
          'value',
          `could not convert string to float: ${pyRepr(pyStr(value))}`,
        );
      }
      return n;
    }
    case 'string':
      if (isObject(value) || Array.isArray(value)) {
        throw propertyError(name, 'value', `Value must be a string; got ${pyRepr(value)}`);
      }
      return pyStr(value);
    case 'comma_delimited_list':
      return Array.isArray(value) ? value : pyStr(value).split(',');
    case 'boolean': {
      const text = pyStr(value).toLowerCase();
      if (typeof value === 'boolean') return value;
      if (['true', 't', 'on', 'y', 'yes', '1'].includes(text)) return true;
      if (['false', 'f', 'off', 'n', 'no', '0'].includes(text)) return false;
      throw propertyError(name, 'value', `"${pyStr(value)}" is not a valid boolean`);
    }
    default:
      return value;
  }
};

const valueResource: ResourcePlugin = {
  validate: (name, p) => {
    if (p['type'] !== null && p['type'] !== undefined && !VALUE_TYPES.includes(pyStr(p['type']))) {
      return;
    }
    typedValue(name, p);
  },
  create: (_ctx, request) => ({
    physicalId: request.physicalName,
    attributes: { value: typedValue(request.name, request.properties), show: null },
  }),
  update: (_ctx, request) => ({
    attributes: { value: typedValue(request.resource.name, request.properties) },
  }),
  previewAttributes: (p) => ({ value: p['value'] ?? null }),
  delete: () => undefined,
};

const delayResource: ResourcePlugin = {
  create: (_ctx, request) => {
    const p = request.properties;
    const actions = Array.isArray(p['actions']) ? p['actions'] : ['CREATE'];
    const jitter = Number(p['max_jitter'] ?? 0) * Number(p['jitter_multiplier'] ?? 1);
    const seconds = actions.includes('CREATE')
      ? Number(p['min_wait'] ?? 0) + Math.random() * jitter
      : 0;
    return { physicalId: request.physicalName, attributes: {}, waitMs: seconds * 1000 };
  },
  delete: () => undefined,
  deleteWaitMs: (r) =>
    Array.isArray(r.properties['actions']) && r.properties['actions'].includes('DELETE')
      ? Number(r.properties['min_wait'] ?? 0) * 1000
      : 0,
};

/** The signals a wait condition handle received (kept in its metadata, as heat does). */
export const handleSignals = (r: ResourceDoc): Json => (isObject(r.metadata) ? r.metadata : {});

/** Records a signal to OS::Heat::WaitConditionHandle (POST .../resources/{handle}/signal). */
export const signalHandle = (ctx: CloudContext, r: ResourceDoc, body: unknown): void => {
  const data = isObject(body) ? body : {};
  const signals = handleSignals(r);
  const id = data['id'] === undefined ? String(Object.keys(signals).length + 1) : pyStr(data['id']);
  const status = pyStr(data['status'] ?? 'SUCCESS').toUpperCase();
  ctx.store.collection(stackResources).put({
    ...r,
    metadata: {
      ...signals,
      [id]: {
        status: status === 'FAILURE' ? 'FAILURE' : 'SUCCESS',
        reason: pyStr(data['reason'] ?? 'Signal 1 received'),
        data: data['data'] ?? null,
      },
    },
  });
};

/**
 * The handle's signal URL is heat's resource signal API; the demo cloud mints no stack-domain
 * user, so `token` stays empty and a signal takes any token of the stack's project.
 */
const handleResource: ResourcePlugin = {
  create: (ctx, request) => {
    const { stack } = request;
    const endpoint = `${ctx.baseUrl()}/orchestration/v1/${stack.project_id}/stacks/${stack.name}/${stack.id}/resources/${request.name}/signal`;
    return {
      physicalId: request.physicalName,
      attributes: {
        token: '',
        endpoint,
        signal: { url: endpoint, token: '' },
        curl_cli: `curl -i -X POST -H 'X-Auth-Token: ' -H 'Content-Type: application/json' -H 'Accept: application/json' ${endpoint}`,
      },
    };
  },
  delete: () => undefined,
};

const handleOf = (ctx: CloudContext, r: ResourceDoc): ResourceDoc | undefined => {
  const ref = pyStr(r.properties['handle']);
  return ctx.store
    .collection(stackResources)
    .where('stack_id', r.stack_id)
    .find((h) => h.physical_resource_id === ref || h.name === ref);
};

const waitCondition: ResourcePlugin = {
  create: (_ctx, request) => ({ physicalId: request.physicalName, attributes: { data: {} } }),
  checkCreate: (ctx, r) => {
    const handle = handleOf(ctx, r);
    const signals = Object.values(handle ? handleSignals(handle) : {}).filter(isObject);
    const failure = signals.find((s) => s['status'] === 'FAILURE');
    if (failure) return `WaitConditionFailure: ${pyStr(failure['reason'])}`;
    const wanted = Number(r.properties['count'] ?? 1);
    if (signals.length >= wanted) return true;
    const timeout = lifecycleDelay(ctx, Number(r.properties['timeout'] ?? 0) * 1000);
    if (ctx.now().getTime() - Date.parse(r.created_at) > timeout) {
      return `WaitConditionTimeout: ${signals.length} of ${wanted} received`;
    }
    return false;
  },
  liveAttributes: (ctx, r) => {
    const handle = handleOf(ctx, r);
    const data = Object.fromEntries(
      Object.entries(handle ? handleSignals(handle) : {}).map(([id, s]) => [
        id,
        isObject(s) ? (s['data'] ?? null) : null,
      ]),
    );
    return { data };
  },
  delete: () => undefined,
};

export const HEAT_PLUGINS: Readonly<Record<string, ResourcePlugin>> = {
  'OS::Heat::Delay': delayResource,
  'OS::Heat::None': noneResource,
  'OS::Heat::RandomString': randomString,
  'OS::Heat::TestResource': testResource,
  'OS::Heat::Value': valueResource,
  'OS::Heat::WaitCondition': waitCondition,
  'OS::Heat::WaitConditionHandle': handleResource,
};
