import { describe, expect, it } from 'vitest';
import type { MetadefNamespace } from '@skydeck/contract';
import {
  DECIMAL_REQUIRED,
  INTEGER_REQUIRED,
  MAX_LENGTH,
  MAX_VALUE,
  MIN_LENGTH,
  MIN_VALUE,
  MetadataTree,
  PATTERN_MISMATCH,
  REQUIRED,
  invalidKeys,
  parseValue,
  validateProperty,
  type MetaProperty,
} from './metadataTree';

const ns: MetadefNamespace = {
  namespace: 'OS::Compute::Watchdog',
  display_name: 'Watchdog',
  description: '',
  properties: {},
  resource_type_associations: [],
  objects: [
    {
      name: 'Watch',
      properties: {
        hw_watchdog_action: { title: 'Action', type: 'string', enum: ['none', 'reset'] },
        hw_count: { title: 'Count', type: 'integer', minimum: 1, maximum: 8 },
      },
    },
  ],
};
const cpu: MetadefNamespace = {
  namespace: 'CPU',
  display_name: 'CPU',
  description: '',
  properties: {
    hw_cpu_policy: { title: 'Policy', type: 'string' },
    hw_flags: {
      title: 'Flags',
      type: 'array',
      operators: ['<or>', '<all-in>'],
      items: { type: 'string' },
    },
  },
  objects: [],
  resource_type_associations: [],
};

/** The value, failing the test when it is missing. */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing');
  return value;
}

describe('metadata tree marking (spec 2 §4)', () => {
  it('marks the parent when all children are added', () => {
    const tree = new MetadataTree([ns], {});
    const root = must(tree.roots[0]);
    const obj = must(root.children[0]);
    tree.add(must(obj.children[0]));
    expect(obj.added).toBe(false);
    tree.add(must(obj.children[1]));
    expect(obj.added).toBe(true);
    expect(root.added).toBe(true);
  });
  it('removing a child unmarks its ancestors and expands the parent', () => {
    const tree = new MetadataTree([ns], {});
    const root = must(tree.roots[0]);
    tree.add(root);
    const obj = must(root.children[0]);
    expect(obj.children.every((c) => c.added)).toBe(true);
    tree.remove(must(obj.children[0]));
    expect(obj.added).toBe(false);
    expect(root.added).toBe(false);
    expect(obj.expanded).toBe(true);
    expect(must(obj.children[1]).added).toBe(true);
  });
  it('drops a custom property from the tree when it is removed', () => {
    const tree = new MetadataTree([ns], { my_key: 'v' });
    const custom = must(tree.roots.find((n) => n.custom));
    expect(custom.added).toBe(true);
    tree.remove(custom);
    expect(tree.roots.some((n) => n.custom)).toBe(false);
    expect(tree.result()).toEqual({ updated: {}, removed: ['my_key'] });
  });
  it('matches existing keys case-insensitively, also for removal', () => {
    const tree = new MetadataTree([ns], { HW_WATCHDOG_ACTION: 'reset' });
    const leaf = must(tree.findLeaf('hw_watchdog_action'));
    expect(leaf.added).toBe(true);
    expect(leaf.leaf?.value).toBe('reset');
    expect(tree.result()).toEqual({ updated: { hw_watchdog_action: 'reset' }, removed: [] });
    tree.remove(leaf);
    expect(tree.result().removed).toEqual(['HW_WATCHDOG_ACTION']);
  });
  it('omits arrays with no values and keeps the operator', () => {
    const tree = new MetadataTree([cpu], { hw_flags: '<all-in> a,b' });
    const flags = must(tree.findLeaf('hw_flags'));
    expect(flags.leaf?.operator).toBe('<all-in>');
    expect(tree.result().updated).toEqual({ hw_flags: '<all-in> a,b' });
    tree.update(flags, { value: [] });
    expect(tree.result()).toEqual({ updated: {}, removed: ['hw_flags'] });
  });
  it('refuses a custom key that exists already, ignoring case', () => {
    const tree = new MetadataTree([cpu], {});
    expect(tree.addCustom('HW_CPU_POLICY')).toBe(false);
    expect(tree.addCustom('mine')).toBe(true);
    expect(tree.hasKey('MINE')).toBe(true);
  });
  it('filters by label and key, keeping ancestors', () => {
    const tree = new MetadataTree([ns, cpu], {});
    tree.filter('count');
    expect(tree.roots.map((n) => n.visible)).toEqual([true, false]);
  });
});

describe('metadata values (spec 2 §5)', () => {
  it('parses booleans strictly and arrays with operators', () => {
    expect(parseValue('boolean', 'TRUE').value).toBe(true);
    expect(parseValue('boolean', 'False').value).toBe(false);
    expect(parseValue('boolean', 'yes').value).toBeNull();
    expect(parseValue('array', '<in> x, y')).toEqual({ value: ['x', 'y'], operator: '<in>' });
  });

  const prop = (over: Partial<MetaProperty>): MetaProperty => ({
    name: 'k',
    title: 'K',
    description: '',
    type: 'string',
    readonly: false,
    operators: ['<in>'],
    operator: '<in>',
    value: '',
    ...over,
  });
  it('reports errors in the stated precedence', () => {
    expect(validateProperty(prop({ type: 'integer', minimum: 5, value: '3' }))?.message).toBe(
      MIN_VALUE,
    );
    expect(validateProperty(prop({ type: 'integer', maximum: 5, value: '9' }))?.message).toBe(
      MAX_VALUE,
    );
    expect(validateProperty(prop({ minLength: 3, value: 'ab' }))?.message).toBe(MIN_LENGTH);
    expect(validateProperty(prop({ maxLength: 1, value: 'ab', pattern: '^z$' }))?.message).toBe(
      MAX_LENGTH,
    );
    expect(validateProperty(prop({ pattern: '^z+$', value: 'ab' }))?.message).toBe(
      PATTERN_MISMATCH,
    );
    expect(validateProperty(prop({ type: 'integer', value: '1.5' }))?.message).toBe(
      INTEGER_REQUIRED,
    );
    expect(validateProperty(prop({ type: 'number', value: 'abc' }))?.message).toBe(
      DECIMAL_REQUIRED,
    );
    expect(validateProperty(prop({ value: '' }))?.message).toBe(REQUIRED);
    expect(validateProperty(prop({ type: 'number', value: '1.5' }))).toBeUndefined();
    expect(
      validateProperty(prop({ type: 'integer', minimum: 5, maximum: 1, value: '3' }))?.message,
    ).toBe(MIN_VALUE);
  });
});

describe('invalidKeys', () => {
  it('names the defined keys whose values fail, and custom keys left empty', () => {
    expect(
      invalidKeys([ns, cpu], { hw_count: '3', HW_WATCHDOG_ACTION: 'reset', mine: 'x' }),
    ).toEqual([]);
    expect(invalidKeys([ns, cpu], { hw_count: '9', hw_cpu_policy: '', mine: '' })).toEqual([
      'hw_count',
      'hw_cpu_policy',
      'mine',
    ]);
    // Without definitions every key is custom: only emptiness counts.
    expect(invalidKeys([], { hw_count: '9', mine: '' })).toEqual(['mine']);
  });
});
