/// <reference types="node" />
import { readFile, writeFile } from 'node:fs/promises';
import { join, posix, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** One entry of Vite's build manifest (dist/.vite/manifest.json), the parts read here. */
export interface ViteChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** The chunk's name: its module's file name without the extension. */
  name?: string;
}

/**
 * What a signed-in page's first render loads after the entry has run, for the server to name in
 * the page as <link rel="modulepreload"> (foundation issue §5): fetched and compiled while the
 * entry's own scripts are, instead of after them. `shell`: every signed-in panel page; `panels`:
 * a panel's path → its declaration's or page's own chunks beyond the shell.
 */
export interface RoutePreloads {
  shell: string[];
  panels: Record<string, string[]>;
}

/** The modules the shell imports lazily on every panel page (app/routes.tsx). */
const SHELL_MODULES = [
  'src/app/AppLayout.tsx',
  'src/app/PanelRoute.tsx',
  'src/app/routePrefetch.ts',
];

/** What a panel's route imports for its body, by the panel's kind (app/routes.tsx). */
const BODY_MODULES = {
  page: 'src/ui/PagePanel/PagePanel.tsx',
  resource: 'src/ui/ResourcePanel/ResourcePanel.tsx',
} as const;

export interface PanelModule {
  path: string;
  module: string;
  kind: keyof typeof BODY_MODULES;
}

/**
 * The panels' paths and the module each one loads, in the order web/src/app/manifest.ts writes
 * them: an entry's `kind: 'page'` and `path:`s come before its `load`'s `import('…')`. Read from
 * the source (the manifest cannot run in Node: it imports the app); a test holds the real
 * manifest to it.
 */
export function manifestModules(source: string): PanelModule[] {
  const found: PanelModule[] = [];
  let paths: string[] = [];
  let page = false;
  for (const match of source.matchAll(
    /\bkind:\s*'page'|\bpath:\s*'([^']+)'|\bimport\('([^']+)'\)/g,
  )) {
    const [whole, path, module] = match;
    if (path !== undefined) paths.push(path);
    else if (module !== undefined) {
      const resolved = posix.join('src/app', module);
      const kind = page ? 'page' : 'resource';
      for (const p of paths) found.push({ path: p, module: resolved, kind });
      paths = [];
      page = false;
    } else if (whole.startsWith('kind')) page = true;
  }
  return found;
}

/**
 * The files a module needs before it runs: its chunk and its imports', and their stylesheets.
 * Vite's loader waits for a lazy chunk's CSS before running it, and skips a stylesheet the page
 * already links: named in the page, the CSS loads with the document, not after the entry has run
 * (the flavors page fetched 24 stylesheets at 960 ms, all from cache, each a wait).
 */
function closure(manifest: Record<string, ViteChunk>, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  for (const css of chunk.css ?? []) into.add(css);
}

/**
 * A module's manifest key: the import names it without its extension. A module that another
 * chunk also imports statically keeps its own chunk, but the manifest keys it by the chunk's
 * file (`_images.resource-<hash>.js`) under the module's name: found by that name, else the
 * images panels preloaded nothing of their own.
 */
function keyOf(manifest: Record<string, ViteChunk>, module: string): string | undefined {
  const bySource = [module, `${module}.ts`, `${module}.tsx`].find((k) => manifest[k] !== undefined);
  if (bySource) return bySource;
  const name = posix.basename(module);
  const named = Object.keys(manifest).filter(
    (k) => manifest[k]?.isDynamicEntry === true && manifest[k]?.name === name,
  );
  return named.length === 1 ? named[0] : undefined;
}

export function routePreloads(
  manifestSource: string,
  manifest: Record<string, ViteChunk>,
): RoutePreloads {
  // The entry's chunks and stylesheets are in index.html already.
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry) closure(manifest, key, entry);
  const shell = new Set<string>();
  for (const module of SHELL_MODULES) {
    const key = keyOf(manifest, module);
    if (!key) throw new Error(`routePreloads: ${module} is not in the build manifest`);
    closure(manifest, key, shell);
  }
  const panels: Record<string, string[]> = {};
  for (const { path, module, kind } of manifestModules(manifestSource)) {
    const own = new Set<string>();
    // The table's or the page's frame, as the route loads it beside the panel's own module.
    const body = keyOf(manifest, BODY_MODULES[kind]);
    if (!body) throw new Error(`routePreloads: ${BODY_MODULES[kind]} is not in the build manifest`);
    closure(manifest, body, own);
    // A module another chunk imports statically is merged into it and has no entry of its
    // own: its panel then gets the shell's and its frame's chunks only (the rest loads as
    // before).
    const key = keyOf(manifest, module);
    if (key) closure(manifest, key, own);
    panels[path] = [...own].filter((file) => !entry.has(file) && !shell.has(file));
  }
  return { shell: [...shell].filter((file) => !entry.has(file)), panels };
}

/** dist/.vite/preloads.json, written after the build manifest; the server reads it. */
export function routePreloadsPlugin(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'skydeck-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    async writeBundle() {
      const dist = resolve(root, outDir);
      const manifest = JSON.parse(
        await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'),
      ) as Record<string, ViteChunk>;
      const source = await readFile(join(root, 'src', 'app', 'manifest.ts'), 'utf8');
      await writeFile(
        join(dist, '.vite', 'preloads.json'),
        JSON.stringify(routePreloads(source, manifest)),
      );
    },
  };
}
