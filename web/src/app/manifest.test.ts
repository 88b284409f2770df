import { describe, expect, it } from 'vitest';
import translation from '../locales/en/translation.json';
import { manifest } from './manifest';
import { typeNames } from './typeNames';
import { indexPathOf } from '../registry/defineResource';
import { panelScope, resourceEntries, type Action, type ResourceType } from '../registry/types';

/**
 * One table-driven test over every declaration (STYLE §2): what a reviewer would otherwise have
 * to check by eye in each new panel.
 */

const catalogue = translation as Record<string, string>;

/** A key exists as is, or as i18next plural forms. */
function known(key: string): boolean {
  return key in catalogue || (`${key}_one` in catalogue && `${key}_other` in catalogue);
}

const resources = resourceEntries(manifest);
const declarations = await Promise.all(
  resources.map(async (entry) => ({ entry, resource: await entry.load() })),
);

function allActions(resource: ResourceType<unknown>): Action<unknown>[] {
  const a = resource.actions;
  return [
    ...((a?.table ?? []) as Action<unknown>[]),
    ...((a?.row ?? []) as Action<unknown>[]),
    ...((a?.batch ?? []) as Action<unknown>[]),
  ];
}

/** Every text a declaration shows, as msg keys. */
function declaredTexts(resource: ResourceType<unknown>): string[] {
  const texts: string[] = [];
  for (const c of resource.columns) texts.push(c.title);
  for (const f of resource.facets ?? []) {
    texts.push(f.label, ...(f.options ?? []).map((o) => o.label));
  }
  for (const action of allActions(resource)) {
    texts.push(action.label);
    if (action.unavailable) texts.push(action.unavailable);
    if (action.run.kind === 'delete') {
      const { names, body, notAllowed, notRecoverable } = action.run;
      if (names) texts.push(names.one, names.many);
      for (const extra of [body, notAllowed, notRecoverable]) if (extra) texts.push(extra);
    }
  }
  for (const f of resource.summary ?? []) texts.push(f.label);
  for (const tab of resource.details ?? []) {
    texts.push(tab.title, ...(tab.fields ?? []).map((f) => f.label));
  }
  return texts;
}

describe('manifest', () => {
  it('has unique type codes, also against the names-only types', () => {
    const types = resources.map((e) => e.type);
    expect(new Set(types).size).toBe(types.length);
    for (const type of types) expect(typeNames[type]).toBeUndefined();
  });

  it('has unique panel paths', () => {
    const paths = manifest.flatMap((e) => e.panels.map((p) => p.path));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names every type in the catalogue', () => {
    const texts = [
      ...resources.flatMap((e) => [e.names.one, e.names.many]),
      ...manifest.flatMap((e) => e.panels.map((p) => p.title)),
      ...Object.values(typeNames).flatMap((n) => [n.one, n.many]),
    ];
    expect(texts.filter((m) => !known(m))).toEqual([]);
  });
});

describe.each(declarations.map((d) => [d.entry.type, d] as const))(
  '%s',
  (_type, { entry, resource }) => {
    it('has unique column ids', () => {
      const ids = resource.columns.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('has exactly one default sort', () => {
      expect(resource.columns.filter((c) => c.defaultSort)).toHaveLength(1);
    });

    it('has unique facet and action ids', () => {
      const facets = (resource.facets ?? []).map((f) => f.id);
      expect(new Set(facets).size).toBe(facets.length);
      for (const group of [
        resource.actions?.table,
        resource.actions?.row,
        resource.actions?.batch,
      ]) {
        const ids = (group ?? []).map((a) => a.id);
        expect(new Set(ids).size).toBe(ids.length);
      }
    });

    it('declares requires on every mutating action', () => {
      const mutating = allActions(resource).filter((a) => a.run.kind !== 'link' || a.unavailable);
      expect(mutating.filter((a) => a.requires === undefined).map((a) => a.id)).toEqual([]);
    });

    it('resolves every modal it can open', async () => {
      for (const action of allActions(resource)) {
        if (action.run.kind !== 'modal') continue;
        const module = await action.run.load();
        expect(typeof module.default, action.id).toBe('function');
      }
    });

    it('has every text in the catalogue', () => {
      expect(declaredTexts(resource).filter((m) => !known(m))).toEqual([]);
    });

    it('has a details page that returns to one of its panels', () => {
      expect(resource.detail).toBeTypeOf('function');
      for (const panel of entry.panels) {
        const back = indexPathOf(resource, panelScope(entry, panel));
        expect(entry.panels.map((p) => p.path)).toContain(back);
      }
    });
  },
);

// Literal keys in code (msg('…'), t('…')) of the registry, the panel machinery and the panels.
const sources = {
  ...import.meta.glob('./**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob('../panels/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob('../ui/{ResourceTable,FacetToolbar,ActionMenu,ResourcePanel}/*.{ts,tsx}', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
} as Record<string, string>;

const LITERAL = /\b(?:msg|t)\(\s*(['"])((?:\\.|(?!\1)[^\\])*)\1/g;

function literalKeys(source: string): string[] {
  return [...source.matchAll(LITERAL)].map((m) => (m[2] ?? '').replace(/\\(.)/g, '$1'));
}

describe('translation keys in code', () => {
  it('finds the sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    expect(Object.values(sources).flatMap(literalKeys).length).toBeGreaterThan(100);
  });

  it.each(
    Object.entries(sources).filter(
      ([path]) => !path.endsWith('.test.ts') && !path.endsWith('.test.tsx'),
    ),
  )('%s uses only catalogued keys', (_path, source) => {
    expect(literalKeys(source).filter((key) => !known(key))).toEqual([]);
  });
});
