import type { MetadefNamespace, MetadefProperty } from '@skydeck/contract';
import { msg, type Msg } from '../../i18n/msg';

/** Spec 2 §3 property types. */
export type PropertyType = 'string' | 'integer' | 'number' | 'array' | 'boolean';

export type PropertyValue = string | boolean | null | string[];

/** A leaf: one metadata key with its schema and current value. */
export interface MetaProperty {
  /** The metadata key, as saved. */
  name: string;
  title: string;
  description: string;
  type: PropertyType;
  readonly: boolean;
  /** Array properties: the allowed operators (default <in>) and the chosen one. */
  operators: string[];
  operator: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  value: PropertyValue;
}

/** Spec 2 §3 metadata tree item. */
export interface MetaNode {
  /** Unique within the tree (namespace/object/property path). */
  id: string;
  label: string;
  description: string;
  level: number;
  visible: boolean;
  expanded: boolean;
  added: boolean;
  custom: boolean;
  /** Leaves have a property; namespaces and objects have children. */
  leaf?: MetaProperty;
  children: MetaNode[];
  parent?: MetaNode;
}

export const DEFAULT_OPERATOR = '<in>';

function propertyType(p: MetadefProperty): PropertyType {
  const t = p.type ?? 'string';
  return t === 'integer' || t === 'number' || t === 'array' || t === 'boolean' ? t : 'string';
}

/**
 * Spec 2 §5: a saved text parsed by type. Numbers stay text in the editor (so a half-typed value
 * is kept) but must parse; booleans only true/false (any case), else null; arrays look like
 * "<operator> v1,v2".
 */
export function parseValue(
  type: PropertyType,
  raw: string,
): { value: PropertyValue; operator?: string } {
  switch (type) {
    case 'boolean': {
      const l = raw.trim().toLowerCase();
      return { value: l === 'true' ? true : l === 'false' ? false : null };
    }
    case 'array': {
      const m = /^\s*(<[^>]+>)\s*(.*)$/.exec(raw);
      const list = (m ? (m[2] ?? '') : raw)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return m?.[1] ? { value: list, operator: m[1] } : { value: list };
    }
    case 'integer':
    case 'number':
      return { value: raw.trim() };
    default:
      return { value: raw };
  }
}

/** The text saved for a value; undefined for an array with no values (omitted, spec 2 §4). */
export function serializeValue(p: MetaProperty): string | undefined {
  if (p.type === 'array') {
    const list = Array.isArray(p.value) ? p.value : [];
    if (list.length === 0) return undefined;
    return `${p.operator} ${list.join(',')}`;
  }
  if (p.type === 'boolean') return p.value === true ? 'true' : 'false';
  if (p.value === null) return '';
  return String(p.value);
}

function makeProperty(name: string, def: MetadefProperty): MetaProperty {
  const type = propertyType(def);
  const operators = def.operators?.length ? def.operators : [DEFAULT_OPERATOR];
  const enumValues = (type === 'array' ? def.items?.enum : def.enum)?.map(String);
  const fallback: PropertyValue =
    type === 'array' ? [] : type === 'boolean' ? def.default === true : String(def.default ?? '');
  return {
    name,
    title: def.title ?? name,
    description: def.description ?? '',
    type,
    readonly: def.readonly ?? false,
    operators,
    operator: operators[0] ?? DEFAULT_OPERATOR,
    ...(enumValues && { enum: enumValues }),
    ...(def.minimum !== undefined && { minimum: def.minimum }),
    ...(def.maximum !== undefined && { maximum: def.maximum }),
    ...(def.minLength !== undefined && { minLength: def.minLength }),
    ...(def.maxLength !== undefined && { maxLength: def.maxLength }),
    ...(def.pattern !== undefined && { pattern: def.pattern }),
    value: fallback,
  };
}

function node(
  id: string,
  label: string,
  description: string,
  level: number,
  parent?: MetaNode,
): MetaNode {
  return {
    id,
    label,
    description,
    level,
    visible: true,
    expanded: false,
    added: false,
    custom: false,
    children: [],
    ...(parent && { parent }),
  };
}

function leafNode(id: string, prop: MetaProperty, level: number, parent?: MetaNode): MetaNode {
  return { ...node(id, prop.title, prop.description, level, parent), leaf: prop };
}

export function customProperty(name: string, value = ''): MetaNode {
  const prop: MetaProperty = {
    name,
    title: name,
    description: '',
    type: 'string',
    readonly: false,
    operators: [DEFAULT_OPERATOR],
    operator: DEFAULT_OPERATOR,
    value,
  };
  return { ...leafNode(`custom/${name}`, prop, 0), custom: true, added: true };
}

/** Every leaf under (and including) a node. */
export function leavesOf(n: MetaNode): MetaNode[] {
  return n.leaf ? [n] : n.children.flatMap(leavesOf);
}

export class MetadataTree {
  /** Namespaces (level 0) with their objects and properties, plus custom leaves at the end. */
  readonly roots: MetaNode[] = [];
  /** The keys the resource had when loaded, as given (their case kept). */
  readonly existingKeys: string[];

  constructor(namespaces: readonly MetadefNamespace[], existing: Readonly<Record<string, string>>) {
    this.existingKeys = Object.keys(existing);
    for (const ns of namespaces) {
      const root = node(ns.namespace, ns.display_name || ns.namespace, ns.description, 0);
      for (const [name, def] of Object.entries(ns.properties)) {
        root.children.push(leafNode(`${ns.namespace}/${name}`, makeProperty(name, def), 1, root));
      }
      for (const obj of ns.objects) {
        const o = node(`${ns.namespace}/${obj.name}`, obj.name, obj.description ?? '', 1, root);
        for (const [name, def] of Object.entries(obj.properties)) {
          o.children.push(leafNode(`${o.id}/${name}`, makeProperty(name, def), 2, o));
        }
        if (o.children.length) root.children.push(o);
      }
      if (root.children.length) this.roots.push(root);
    }
    // Spec 2 §5: existing keys match schema properties case-insensitively; the rest are custom.
    for (const [key, raw] of Object.entries(existing)) {
      const match = this.findLeaf(key);
      if (match?.leaf) {
        const parsed = parseValue(match.leaf.type, raw);
        match.leaf.value = parsed.value;
        if (parsed.operator) match.leaf.operator = parsed.operator;
        this.add(match);
      } else {
        this.roots.push(customProperty(key, raw));
      }
    }
  }

  /** The first schema leaf whose key matches, ignoring case. */
  findLeaf(key: string): MetaNode | undefined {
    const k = key.toLowerCase();
    return this.roots.flatMap(leavesOf).find((n) => !n.custom && n.leaf?.name.toLowerCase() === k);
  }

  /** Added leaves, in tree order (the right-hand list). */
  added(): MetaNode[] {
    return this.roots.flatMap(leavesOf).filter((n) => n.added);
  }

  /** Spec 2 §4: adding all children marks the parent (and further up) as added. */
  add(n: MetaNode): void {
    for (const leaf of leavesOf(n)) leaf.added = true;
    n.added = true;
    for (const c of n.children) markAll(c, true);
    let p = n.parent;
    while (p) {
      p.added = p.children.every((c) => c.added);
      p = p.parent;
    }
  }

  /**
   * Spec 2 §4: removing a child unmarks its ancestors and expands its parent; a custom property
   * leaves the tree.
   */
  remove(n: MetaNode): void {
    markAll(n, false);
    let p = n.parent;
    while (p) {
      p.added = false;
      p = p.parent;
    }
    if (n.parent) n.parent.expanded = true;
    if (n.custom) {
      const i = this.roots.indexOf(n);
      if (i >= 0) this.roots.splice(i, 1);
    }
  }

  /** Changes a leaf's value or array operator. */
  update(n: MetaNode, patch: Partial<Pick<MetaProperty, 'value' | 'operator'>>): void {
    if (n.leaf) Object.assign(n.leaf, patch);
  }

  /** Expands or collapses a namespace or object. */
  toggle(n: MetaNode): void {
    n.expanded = !n.expanded;
  }

  /** Adds a custom property; false (nothing added) if the key is taken (case-insensitive). */
  addCustom(name: string): boolean {
    if (this.hasKey(name)) return false;
    this.roots.push(customProperty(name));
    return true;
  }

  hasKey(name: string): boolean {
    const k = name.trim().toLowerCase();
    return this.roots.flatMap(leavesOf).some((n) => n.leaf?.name.toLowerCase() === k);
  }

  /** Shows nodes whose label or key contains the text, with their ancestors. */
  filter(text: string): void {
    const q = text.trim().toLowerCase();
    const visit = (n: MetaNode): boolean => {
      const self =
        q === '' || n.label.toLowerCase().includes(q) || !!n.leaf?.name.toLowerCase().includes(q);
      const anyChild = n.children.map(visit).some(Boolean);
      n.visible = self || anyChild;
      if (q !== '' && anyChild) n.expanded = true;
      return n.visible;
    };
    this.roots.forEach(visit);
  }

  /** Spec 2 §3 payload: the added values, and existing keys no longer present. */
  result(): { updated: Record<string, string>; removed: string[] } {
    const updated: Record<string, string> = {};
    for (const n of this.added()) {
      if (!n.leaf) continue;
      const text = serializeValue(n.leaf);
      if (text !== undefined) updated[n.leaf.name] = text;
    }
    const kept = new Set(Object.keys(updated).map((k) => k.toLowerCase()));
    const removed = this.existingKeys.filter((k) => !kept.has(k.toLowerCase()));
    return { updated, removed };
  }
}

function markAll(n: MetaNode, on: boolean): void {
  n.added = on;
  n.children.forEach((c) => markAll(c, on));
}

export const REQUIRED = msg('Required');
export const INTEGER_REQUIRED = msg('Integer required');
export const DECIMAL_REQUIRED = msg('Decimal required');
export const PATTERN_MISMATCH = msg('Pattern mismatch');
export const DUPLICATE_KEYS = msg('Duplicate keys are not allowed');
export const MIN_VALUE = msg('Min: {{min}}');
export const MAX_VALUE = msg('Max: {{max}}');
export const MIN_LENGTH = msg('Min length: {{min}}');
export const MAX_LENGTH = msg('Max length: {{max}}');

export interface ValidationError {
  message: Msg;
  values?: Record<string, number>;
}

/** Spec 2 §5: the first failing check, in the stated precedence. */
export function validateProperty(p: MetaProperty): ValidationError | undefined {
  if (p.readonly || p.type === 'boolean') return undefined;
  if (p.type === 'array') {
    return Array.isArray(p.value) && p.value.length > 0 ? undefined : { message: REQUIRED };
  }
  const text = typeof p.value === 'string' ? p.value : '';
  const numeric = p.type === 'integer' || p.type === 'number';
  const n = Number(text);
  const isNum = text.trim() !== '' && !Number.isNaN(n);
  const checks: (() => ValidationError | undefined)[] = [
    () =>
      numeric && isNum && p.minimum !== undefined && n < p.minimum
        ? { message: MIN_VALUE, values: { min: p.minimum } }
        : undefined,
    () =>
      numeric && isNum && p.maximum !== undefined && n > p.maximum
        ? { message: MAX_VALUE, values: { max: p.maximum } }
        : undefined,
    () =>
      text !== '' && p.minLength !== undefined && text.length < p.minLength
        ? { message: MIN_LENGTH, values: { min: p.minLength } }
        : undefined,
    () =>
      p.maxLength !== undefined && text.length > p.maxLength
        ? { message: MAX_LENGTH, values: { max: p.maxLength } }
        : undefined,
    () => {
      const pattern = p.type === 'integer' ? '^-?\\d+$' : p.pattern;
      if (text === '' || pattern === undefined) return undefined;
      let ok = true;
      try {
        ok = new RegExp(pattern).test(text);
      } catch {
        ok = true;
      }
      if (ok) return undefined;
      return { message: p.type === 'integer' ? INTEGER_REQUIRED : PATTERN_MISMATCH };
    },
    () =>
      numeric && text !== '' && !isNum
        ? { message: p.type === 'integer' ? INTEGER_REQUIRED : DECIMAL_REQUIRED }
        : undefined,
    () => (text.trim() === '' ? { message: REQUIRED } : undefined),
  ];
  for (const check of checks) {
    const e = check();
    if (e) return e;
  }
  return undefined;
}

/**
 * The keys of a metadata map whose values its definitions refuse (spec 2 §5), in the editor's
 * order: what a form holding only the map (not the editor's tree) checks before it goes on.
 */
export function invalidKeys(
  namespaces: readonly MetadefNamespace[],
  values: Readonly<Record<string, string>>,
): string[] {
  return new MetadataTree(namespaces, values)
    .added()
    .flatMap((n) => (n.leaf && validateProperty(n.leaf) ? [n.leaf.name] : []));
}
