import { createHash } from 'node:crypto';
import { bareError, heatError, invalidReference, isObject, validationFailed } from './http';
import type { Json } from './http';
import { pyJson, pyStr, pyTypeName } from './py';
import { templateFunctions } from './typeData';

/**
 * HOT intrinsic functions and conditions: which exist in a template version, heat's checks of
 * their arguments before anything is created (with heat's paths and texts), and their values.
 */

/** A function's failure while computing its value; the caller wraps it (property or output error). */
export class FunctionError extends Error {}

const CONDITION_FUNCTIONS = new Set(['equals', 'not', 'and', 'or']);
/** Functions a condition may use besides the condition functions. */
const IN_CONDITIONS = new Set(['get_param', 'contains', 'yaql']);
/** CFN functions HOT 2013-05-23 still knows; later versions name them as removed. */
const CFN_FUNCTIONS = new Set([
  'Fn::GetAZs',
  'Ref',
  'Fn::Select',
  'Fn::Join',
  'Fn::Split',
  'Fn::Replace',
  'Fn::Base64',
  'Fn::MemberListToMap',
  'Fn::ResourceFacade',
]);

const namesCache = new Map<string, { fns: Set<string>; conds: boolean }>();

/** The function names of a HOT version (`2018-08-31`). */
const functionsOf = (version: string): { fns: Set<string>; conds: boolean } => {
  let entry = namesCache.get(version);
  if (!entry) {
    const list = templateFunctions(`heat_template_version.${version}`, true) ?? [];
    const names = list.map((f) => f.functions);
    entry = {
      fns: new Set(names.filter((n) => !CONDITION_FUNCTIONS.has(n))),
      conds: names.includes('equals'),
    };
    namesCache.set(version, entry);
  }
  return entry;
};

/** Whether a HOT version has the `conditions` section (and `if`). */
export const hasConditions = (version: string): boolean => functionsOf(version).conds;

/** What the checks of a template need to know about it. */
export interface TemplateInfo {
  readonly version: string;
  /** Enabled resources (their condition holds) by name, with their type. */
  readonly resources: ReadonlyMap<string, string>;
  /** Every resource of the template, enabled or not. */
  readonly allResources: ReadonlySet<string>;
  readonly conditions: ReadonlySet<string>;
  /** Whether `type` has attribute `name` (false makes get_attr invalid). */
  readonly hasAttribute: (type: string, name: string) => boolean;
}

type Where = 'property' | 'metadata' | 'output' | 'condition';

interface CheckContext {
  readonly info: TemplateInfo;
  readonly where: Where;
  /** `resources.r.properties` / `outputs.o.value` / `conditions.c`. */
  readonly path: string;
  /** `r.Properties` / `r.Metadata`: where an invalid reference is reported. */
  readonly owner: string;
}

const fail = (ctx: CheckContext, rel: string, message: string): never => {
  throw validationFailed({ path: `${ctx.path}${rel}`, message });
};

const singleKey = (value: Json): string | undefined => {
  const keys = Object.keys(value);
  return keys.length === 1 ? keys[0] : undefined;
};

/** How heat reads a map: a function call when its only key names a function here. */
const functionName = (value: Json, ctx: CheckContext): string | undefined => {
  const key = singleKey(value);
  if (key === undefined) return undefined;
  const { fns } = functionsOf(ctx.info.version);
  if (ctx.where === 'condition') {
    if (CONDITION_FUNCTIONS.has(key) || fns.has(key)) return key;
    return undefined;
  }
  if (fns.has(key) || CFN_FUNCTIONS.has(key)) return key;
  return undefined;
};

const IF_FORM =
  'Arguments to "if" must be of the form: [condition_name, value_if_true, value_if_false]';

/** Checks a value's functions as heat does when it validates a template (no values needed). */
export const checkFunctions = (value: unknown, ctx: CheckContext, rel = ''): void => {
  if (Array.isArray(value)) {
    value.forEach((v, i) => checkFunctions(v, ctx, `${rel}[${i}]`));
    return;
  }
  if (!isObject(value)) return;
  const fn = functionName(value, ctx);
  if (fn === undefined) {
    for (const [k, v] of Object.entries(value)) checkFunctions(v, ctx, `${rel}.${k}`);
    return;
  }
  const arg = value[fn];
  const here = `${rel}.${fn}`;
  const { fns } = functionsOf(ctx.info.version);
  if (!fns.has(fn) && !CONDITION_FUNCTIONS.has(fn)) {
    fail(
      ctx,
      here,
      `The template version is invalid: The function ${fn} is not supported in this version of HOT.`,
    );
  }
  if (ctx.where === 'condition' && !CONDITION_FUNCTIONS.has(fn) && !IN_CONDITIONS.has(fn)) {
    fail(ctx, here, `The function "${fn}" is invalid in this context`);
  }
  checkArguments(fn, arg, ctx, rel, here);
  if (fn === 'if' && Array.isArray(arg)) {
    checkCondition(arg[0], { ...ctx, where: 'condition' }, `${here}[0]`, here);
    arg.slice(1).forEach((v, i) => checkFunctions(v, ctx, `${here}[${i + 1}]`));
    return;
  }
  checkFunctions(arg, ctx, here);
};

const checkArguments = (
  fn: string,
  arg: unknown,
  ctx: CheckContext,
  rel: string,
  here: string,
): void => {
  const { info } = ctx;
  switch (fn) {
    case 'get_resource': {
      if (typeof arg !== 'string') {
        throw heatError(
          400,
          'HTTPBadRequest',
          'The server could not comply with the request since it is either malformed or otherwise incorrect.',
        );
      }
      if (ctx.where === 'output') return;
      if (!info.resources.has(arg)) throw invalidReference(arg, `${ctx.owner}${rel}`);
      if (`${arg}.Properties` === ctx.owner) throw bareError(500, 'RemoteError');
      return;
    }
    case 'get_attr': {
      const args = Array.isArray(arg) ? arg : [arg];
      const target = args[0];
      if (typeof target !== 'string') return;
      if (!info.resources.has(target)) {
        if (ctx.where === 'output') {
          fail(ctx, here, `The specified reference "${target}" (in unknown) is incorrect.`);
        }
        throw invalidReference(target, `${ctx.owner}${rel}`);
      }
      if (args.length < 2) {
        // heat's engine fails on a one-argument get_attr outside outputs (a RemoteError).
        if (ctx.where !== 'output') throw bareError(500, 'RemoteError');
        return;
      }
      const attr = args[1];
      const type = info.resources.get(target) ?? '';
      if (typeof attr === 'string' && !info.hasAttribute(type, attr)) {
        fail(ctx, here, `The Referenced Attribute (${target} ${attr}) is incorrect.`);
      }
      return;
    }
    case 'str_replace':
    case 'str_replace_strict':
    case 'str_replace_vstrict': {
      if (!isObject(arg)) fail(ctx, here, `Arguments to "${fn}" must be a map`);
      const map = arg as Json;
      if (!('template' in map) || !('params' in map)) {
        fail(
          ctx,
          here,
          `'"${fn}" syntax should be ${fn}:\\n              template: This is var1 template var2\\n              params:\\n                var1: a\\n                var2: string'`,
        );
      }
      if (!isObject(map['params'])) fail(ctx, here, `"${fn}" parameters must be a mapping`);
      return;
    }
    case 'list_join':
      if (!Array.isArray(arg) || arg.length < 2) {
        fail(
          ctx,
          here,
          'Incorrect arguments to "list_join" should be: "list_join" : [ " ", [ "str1", "str2"] ...]',
        );
      }
      return;
    case 'repeat': {
      if (!isObject(arg)) fail(ctx, here, 'Arguments to "repeat" must be a map');
      const map = arg as Json;
      if (!('for_each' in map) || !('template' in map)) {
        fail(
          ctx,
          here,
          `'"repeat" syntax should be repeat:\\n              template: This is %var%\\n              for_each:\\n                %var%: [\\'a\\', \\'b\\', \\'c\\']'`,
        );
      }
      if (!isObject(map['for_each'])) {
        fail(ctx, here, 'The "for_each" argument to "repeat" must contain a map');
      }
      return;
    }
    case 'str_split':
      if (!Array.isArray(arg) || arg.length < 2 || arg.length > 3) {
        fail(
          ctx,
          here,
          'Incorrect arguments to "str_split" should be: "str_split" : [ ",", "apples,pears", <index>]',
        );
      }
      return;
    case 'filter':
      if (!Array.isArray(arg) || arg.length !== 2) {
        fail(ctx, here, 'Argument to "filter" must be a list');
      }
      return;
    case 'contains':
      if (!Array.isArray(arg) || arg.length !== 2) {
        fail(
          ctx,
          here,
          'Incorrect arguments to "contains" should be: "contains" : [ "value1", [ "value1", "value2"]]',
        );
      }
      return;
    case 'make_url': {
      if (!isObject(arg)) fail(ctx, here, 'The arguments to "make_url" must be a map');
      const bad = Object.keys(arg as Json).filter((k) => !MAKE_URL_KEYS.has(k));
      if (bad.length > 0) fail(ctx, here, `Invalid arguments to "make_url": ${bad.join(', ')}`);
      return;
    }
    case 'if': {
      const min = info.version >= '2021-04-16' ? 2 : 3;
      if (!Array.isArray(arg) || arg.length < min || arg.length > 3) fail(ctx, here, IF_FORM);
      return;
    }
    case 'equals':
      if (!Array.isArray(arg) || arg.length !== 2) {
        fail(ctx, here, 'Arguments to "equals" must be of the form: [value_1, value_2]');
      }
      return;
    case 'and':
    case 'or':
      if (!Array.isArray(arg)) fail(ctx, here, `Arguments to "${fn}" must be a list of conditions`);
      if ((arg as unknown[]).length < 2) {
        fail(ctx, here, `The minimum number of condition arguments to "${fn}" is 2.`);
      }
      (arg as unknown[]).forEach((a, i) => checkConditionArg(a, ctx, `${here}[${i}]`));
      return;
    case 'not':
      checkConditionArg(arg, ctx, here);
      return;
    default:
      return;
  }
};

const MAKE_URL_KEYS = new Set([
  'scheme',
  'username',
  'password',
  'host',
  'port',
  'path',
  'query',
  'fragment',
]);

/** An argument of not/and/or: a condition name (checked when evaluated), a boolean or a function. */
const checkConditionArg = (arg: unknown, ctx: CheckContext, rel: string): void => {
  if (isObject(arg)) checkFunctions(arg, ctx, rel);
};

/** A condition reference: a defined name, a boolean, or an inline condition. */
export const checkCondition = (
  condition: unknown,
  ctx: CheckContext,
  rel: string,
  reportAt: string,
): void => {
  if (typeof condition === 'string') {
    if (!ctx.info.conditions.has(condition)) {
      fail(ctx, reportAt, `Invalid condition "${condition}"`);
    }
    return;
  }
  if (typeof condition === 'boolean') return;
  if (isObject(condition)) {
    checkFunctions(condition, { ...ctx, where: 'condition' }, rel);
    return;
  }
  fail(ctx, reportAt, `Invalid condition "${pyStr(condition)}"`);
};

/** A `conditions` entry must be a boolean or a condition function. */
export const checkConditionShape = (name: string, def: unknown, version: string): void => {
  const key = isObject(def) ? singleKey(def) : undefined;
  const isFunction =
    key !== undefined && (CONDITION_FUNCTIONS.has(key) || functionsOf(version).fns.has(key));
  if (typeof def !== 'boolean' && !isFunction) {
    throw validationFailed({
      error: 'Condition validation error',
      message: `The definition of condition "${name}" is invalid: ${pyStr(def)}`,
    });
  }
};

/** A `conditions` entry's definition: its shape, then its functions. */
export const checkConditionDefinition = (name: string, def: unknown, info: TemplateInfo): void => {
  checkConditionShape(name, def, info.version);
  checkFunctions(def, {
    info,
    where: 'condition',
    path: `conditions.${name}`,
    owner: `conditions.${name}`,
  });
};

/** The resource names a value refers to through get_resource and get_attr (its dependencies). */
export const referencedResources = (value: unknown, out: Set<string> = new Set()): Set<string> => {
  if (Array.isArray(value)) {
    for (const v of value) referencedResources(v, out);
    return out;
  }
  if (!isObject(value)) return out;
  const key = singleKey(value);
  if (key !== undefined) {
    const arg = value[key];
    if (key === 'get_resource' && typeof arg === 'string') out.add(arg);
    if (key === 'get_attr') {
      const target = Array.isArray(arg) ? arg[0] : arg;
      if (typeof target === 'string') out.add(target);
    }
    if (key === 'Ref' && typeof arg === 'string') out.add(arg);
  }
  for (const v of Object.values(value)) referencedResources(v, out);
  return out;
};

export const makeCheckContext = (
  info: TemplateInfo,
  where: Where,
  path: string,
  owner: string,
): CheckContext => ({ info, where, path, owner });

/** What evaluating functions reads. */
export interface Scope {
  readonly version: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly files: Readonly<Record<string, string>>;
  /** A resource's reference (its physical id, or its name before it exists); undefined if absent. */
  readonly resourceRef: (name: string) => string | undefined;
  /** An attribute of a resource, the whole attribute map when `attr` is undefined. */
  readonly attribute: (name: string, attr: string | undefined, path: readonly unknown[]) => unknown;
  /** A condition's value by name. */
  readonly condition: (name: string) => boolean;
}

const pathInto = (value: unknown, path: readonly unknown[]): unknown => {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current)) {
      const index = Number(key);
      current = Number.isInteger(index) ? current[index] : undefined;
    } else if (isObject(current)) current = current[pyStr(key)];
    else return null;
    if (current === undefined) return null;
  }
  return current ?? null;
};

const asText = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return pyStr(v);
  return pyJson(v);
};

const DIGESTS = [
  'sha3_384',
  'whirlpool',
  'sha3_224',
  'sha512_256',
  'shake_256',
  'sha256',
  'sha224',
  'sm3',
  'sha3_512',
  'md4',
  'sha1',
  'sha384',
  'sha3_256',
  'md5-sha1',
  'blake2s',
  'sha512_224',
  'shake_128',
  'sha512',
  'md5',
  'ripemd160',
  'blake2b',
];

const replaceAll = (template: string, params: Json, fn: string): string => {
  const keys = Object.keys(params).sort((a, b) => b.length - a.length);
  if (fn === 'str_replace_strict' || fn === 'str_replace_vstrict') {
    const missing = keys.filter((k) => !template.includes(k));
    if (missing.length > 0) {
      throw new FunctionError(
        `The following params were not found in the template: ${missing.join(',')}`,
      );
    }
    if (fn === 'str_replace_vstrict') {
      for (const k of keys) {
        const v = params[k];
        if (v === null || v === undefined || v === '') {
          throw new FunctionError(
            `str_replace_vstrict has an undefined or empty value for param ${k}, must be a defined non-empty value`,
          );
        }
      }
    }
  }
  // heat substitutes the longest keys first, each once over the text left by the others.
  let parts: Array<string | { text: string }> = [template];
  for (const key of keys) {
    if (key === '') continue;
    const replacement = asText(params[key]);
    parts = parts.flatMap((p) => {
      if (typeof p !== 'string') return [p];
      const pieces = p.split(key);
      return pieces.flatMap((piece, i) => (i === 0 ? [piece] : [{ text: replacement }, piece]));
    });
  }
  return parts.map((p) => (typeof p === 'string' ? p : p.text)).join('');
};

const repeat = (arg: Json): unknown[] => {
  const forEach = arg['for_each'];
  if (!isObject(forEach))
    throw new FunctionError('The "for_each" argument to "repeat" must contain a map');
  const loops: Array<[string, unknown[]]> = [];
  for (const [k, v] of Object.entries(forEach)) {
    if (Array.isArray(v)) loops.push([k, v]);
    else if (isObject(v)) loops.push([k, Object.keys(v)]);
    else {
      throw new FunctionError(
        'The values of the "for_each" argument to "repeat" must be lists or maps',
      );
    }
  }
  let rows: Array<Array<[string, unknown]>> = [[]];
  if (arg['permutations'] === false) {
    const length = loops[0]?.[1].length ?? 0;
    if (loops.some(([, l]) => l.length !== length)) {
      throw new FunctionError(
        'Loops in "for_each" must be the same length when "permutations" is false',
      );
    }
    rows = Array.from({ length }, (_, i) => loops.map(([k, l]) => [k, l[i]] as [string, unknown]));
  } else {
    for (const [k, list] of loops) {
      rows = rows.flatMap((row) => list.map((item) => [...row, [k, item] as [string, unknown]]));
    }
  }
  const substitute = (tpl: unknown, row: Array<[string, unknown]>): unknown => {
    if (typeof tpl === 'string') {
      let text = tpl;
      for (const [k, v] of row) {
        if (typeof v !== 'string') {
          throw new FunctionError(`replace() argument 2 must be str, not ${pyTypeName(v)}`);
        }
        text = text.split(k).join(v);
      }
      return text;
    }
    if (Array.isArray(tpl)) return tpl.map((t) => substitute(t, row));
    if (isObject(tpl)) {
      return Object.fromEntries(
        Object.entries(tpl).map(([k, v]) => [substitute(k, row) as string, substitute(v, row)]),
      );
    }
    return tpl;
  };
  return rows.map((row) => substitute(arg['template'], row));
};

const makeUrl = (arg: Json): string => {
  const text = (k: string): string =>
    arg[k] === undefined || arg[k] === null ? '' : asText(arg[k]);
  let url = '';
  const scheme = text('scheme');
  if (scheme) url += `${scheme}://`;
  const user = text('username');
  if (user) {
    url += encodeURIComponent(user);
    const pass = text('password');
    if (pass) url += `:${encodeURIComponent(pass)}`;
    url += '@';
  }
  const host = text('host');
  url += host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const port = text('port');
  if (port) url += `:${port}`;
  const path = text('path');
  url += path.startsWith('/') || path === '' ? encodeURI(path) : `/${encodeURI(path)}`;
  const query = arg['query'];
  if (isObject(query) && Object.keys(query).length > 0) {
    const q = Object.entries(query).map(
      ([k, v]) =>
        `${encodeURIComponent(k).replaceAll('%20', '+')}=${encodeURIComponent(asText(v)).replaceAll('%20', '+')}`,
    );
    url += `?${q.join('&')}`;
  }
  const fragment = text('fragment');
  if (fragment) url += `#${encodeURIComponent(fragment)}`;
  return url;
};

const deepEqual = (a: unknown, b: unknown): boolean => pyJson(a) === pyJson(b);

/** The value of a condition expression (a name, a boolean or a condition function). */
export const evaluateCondition = (expr: unknown, scope: Scope): boolean => {
  if (typeof expr === 'boolean') return expr;
  if (typeof expr === 'string') return scope.condition(expr);
  if (!isObject(expr)) return Boolean(expr);
  const key = singleKey(expr);
  const arg = key === undefined ? undefined : expr[key];
  switch (key) {
    case 'equals': {
      const [a, b] = Array.isArray(arg) ? arg : [];
      return deepEqual(evaluate(a, scope, true), evaluate(b, scope, true));
    }
    case 'not':
      return !evaluateCondition(arg, scope);
    case 'and':
      return (Array.isArray(arg) ? arg : []).every((a) => evaluateCondition(a, scope));
    case 'or':
      return (Array.isArray(arg) ? arg : []).some((a) => evaluateCondition(a, scope));
    default: {
      const value = evaluate(expr, scope, true);
      if (typeof value === 'string') return ['true', 't', 'yes', 'y', 'on', '1'].includes(value);
      return Boolean(value);
    }
  }
};

/** Evaluates the functions of a value; throws FunctionError with heat's text when one fails. */
export const evaluate = (value: unknown, scope: Scope, inCondition = false): unknown => {
  if (Array.isArray(value)) return value.map((v) => evaluate(v, scope, inCondition));
  if (!isObject(value)) return value;
  const key = singleKey(value);
  const { fns } = functionsOf(scope.version);
  const known =
    key !== undefined &&
    (fns.has(key) || (inCondition && CONDITION_FUNCTIONS.has(key)) || CFN_FUNCTIONS.has(key));
  if (!known || key === undefined) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, evaluate(v, scope, inCondition)]),
    );
  }
  if (CONDITION_FUNCTIONS.has(key)) return evaluateCondition(value, scope);
  return call(key, value[key], scope);
};

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

const call = (fn: string, rawArg: unknown, scope: Scope): unknown => {
  switch (fn) {
    case 'if': {
      const args = listOf(rawArg);
      const chosen = evaluateCondition(args[0], scope) ? args[1] : args[2];
      return chosen === undefined ? null : evaluate(chosen, scope);
    }
    case 'get_resource':
      return scope.resourceRef(pyStr(rawArg)) ?? null;
    case 'Ref': {
      const name = pyStr(evaluate(rawArg, scope));
      if (name in scope.params) return scope.params[name];
      return scope.resourceRef(name) ?? null;
    }
    default:
      break;
  }
  const arg = evaluate(rawArg, scope);
  switch (fn) {
    case 'get_param': {
      const args = Array.isArray(arg) ? arg : [arg];
      const name = pyStr(args[0]);
      if (!(name in scope.params)) {
        throw new FunctionError(`The Parameter (${name}) was not provided.`);
      }
      return pathInto(scope.params[name], args.slice(1));
    }
    case 'get_attr': {
      const args = Array.isArray(arg) ? arg : [arg];
      const attr = args[1] === undefined ? undefined : pyStr(args[1]);
      return scope.attribute(pyStr(args[0]), attr, args.slice(2));
    }
    case 'get_file': {
      const content = scope.files[pyStr(arg)];
      if (content === undefined) {
        throw new FunctionError(
          `No content found in the "files" section for get_file path: ${pyStr(arg)}`,
        );
      }
      return content;
    }
    case 'str_replace':
    case 'str_replace_strict':
    case 'str_replace_vstrict': {
      const map = isObject(arg) ? arg : {};
      const params = map['params'];
      if (!isObject(params)) throw new FunctionError(`"${fn}" parameters must be a mapping`);
      const template = map['template'];
      if (typeof template !== 'string') {
        throw new FunctionError(`"${fn}" template must be a string`);
      }
      return replaceAll(template, params, fn);
    }
    case 'list_join': {
      const [delim, ...lists] = listOf(arg);
      const items: string[] = [];
      for (const list of lists) {
        if (!Array.isArray(list)) throw new FunctionError('"list_join" must operate on a list');
        for (const item of list) {
          if (typeof item === 'string') items.push(item);
          else if (Array.isArray(item) || isObject(item)) items.push(pyJson(item));
          else
            throw new FunctionError(`Items to join must be string, map or list not ${pyStr(item)}`);
        }
      }
      return items.join(asText(delim));
    }
    case 'Fn::Join': {
      const [delim, list] = listOf(arg);
      return listOf(list).map(asText).join(asText(delim));
    }
    case 'repeat':
      return repeat(isObject(arg) ? arg : {});
    case 'digest': {
      const [algorithm, text] = listOf(arg);
      const name = pyStr(algorithm);
      try {
        return createHash(name).update(asText(text)).digest('hex');
      } catch {
        throw new FunctionError(
          `Algorithm must be one of {${DIGESTS.map((d) => `'${d}'`).join(', ')}}`,
        );
      }
    }
    case 'str_split':
    case 'Fn::Split': {
      const [delim, text, index] = listOf(arg);
      const parts = asText(text).split(asText(delim));
      if (index === undefined) return parts;
      const i = Number(index);
      if (!Number.isInteger(i) || i < 0 || i >= parts.length) {
        throw new FunctionError(
          `Incorrect index to "str_split" should be between 0 and ${parts.length - 1}`,
        );
      }
      return parts[i];
    }
    case 'map_merge': {
      const out: Json = {};
      for (const m of listOf(arg)) {
        if (m === null) continue;
        if (!isObject(m))
          throw new FunctionError('Incorrect arguments: Items to merge must be maps.');
        Object.assign(out, m);
      }
      return out;
    }
    case 'map_replace': {
      const [map, replacements] = listOf(arg);
      if (!isObject(map))
        throw new FunctionError(
          'Incorrect arguments: to "map_replace", arguments must be a list of maps',
        );
      const repl = isObject(replacements) ? replacements : {};
      const keys = isObject(repl['keys']) ? repl['keys'] : {};
      const values = isObject(repl['values']) ? repl['values'] : {};
      return Object.fromEntries(
        Object.entries(map).map(([k, v]) => {
          const newKey = k in keys ? pyStr(keys[k]) : k;
          const newValue = typeof v === 'string' && v in values ? values[v] : v;
          return [newKey, newValue];
        }),
      );
    }
    case 'filter': {
      const [remove, list] = listOf(arg);
      const removed = listOf(remove);
      return listOf(list).filter((item) => !removed.some((r) => deepEqual(r, item)));
    }
    case 'list_concat':
    case 'list_concat_unique': {
      const out: unknown[] = [];
      for (const list of listOf(arg)) {
        if (list === null) continue;
        if (!Array.isArray(list)) {
          throw new FunctionError(
            `Incorrect arguments: Items to concat must be lists. ${pyStr(list)}`,
          );
        }
        for (const item of list) {
          if (fn === 'list_concat_unique' && out.some((o) => deepEqual(o, item))) continue;
          out.push(item);
        }
      }
      return out;
    }
    case 'contains': {
      const [needle, haystack] = listOf(arg);
      if (!Array.isArray(haystack) && typeof haystack !== 'string') {
        throw new FunctionError('Second argument to "contains" should be a sequence.');
      }
      return Array.isArray(haystack)
        ? haystack.some((h) => deepEqual(h, needle))
        : haystack.includes(asText(needle));
    }
    case 'make_url':
      return makeUrl(isObject(arg) ? arg : {});
    case 'Fn::Select': {
      const [index, collection] = listOf(arg);
      if (Array.isArray(collection)) return collection[Number(index)] ?? '';
      if (isObject(collection)) return collection[pyStr(index)] ?? '';
      return '';
    }
    case 'Fn::Replace': {
      const [params, text] = listOf(arg);
      return replaceAll(asText(text), isObject(params) ? params : {}, 'str_replace');
    }
    case 'Fn::Base64':
      return arg;
    case 'Fn::GetAZs':
      return ['nova'];
    case 'Fn::MemberListToMap':
    case 'Fn::ResourceFacade':
    case 'resource_facade':
      throw new FunctionError(`"${fn}" is only valid in a template of a nested stack`);
    case 'yaql':
      throw new FunctionError('The demo cloud does not evaluate "yaql" expressions');
    default:
      return arg;
  }
};
