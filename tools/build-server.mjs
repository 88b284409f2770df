// `npm run build -w @skydeck/server`: the server and the workspace packages it uses (they export
// TypeScript sources) bundled into one ES module, server/dist/server.mjs, so `npm start` runs
// plain JavaScript with no TypeScript loader. Dependencies from node_modules stay external
// (better-sqlite3 is a native addon; the rest load as installed).
import { build } from 'esbuild';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'server', 'dist');
const entry = join(outdir, 'server.mjs');
const posix = (path) => path.split(sep).join('/');

/** Bare imports load from node_modules at run time, except our workspaces (TypeScript). */
const externalNodeModules = {
  name: 'external-node-modules',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@skydeck/') ? undefined : { external: true },
    );
  },
};

/**
 * Modules read files beside their source (policy YAML, Glance metadefs, Heat resource data) and
 * the repository root through `import.meta.url`. In one bundle that URL would be the bundle's,
 * so each module's `import.meta.url` becomes its source file's URL, relative to the bundle (the
 * bundle runs from server/dist inside the checkout, where those files are).
 */
const sourceImportMetaUrl = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = posix(relative(outdir, args.path));
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

const started = Date.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: { server: 'server/src/server.ts' },
  outdir,
  // Code behind a dynamic import() goes to its own chunk, loaded by Node's own import(): the demo
  // cloud's modules await each other at top level in cycles, which Node's module loader resolves
  // and a single-file bundle's emulation of module initialisation deadlocks on.
  splitting: true,
  chunkNames: '[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // TypeScript's order: `./pieChart` is pieChart.ts before PieChart.tsx on any file system.
  resolveExtensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [externalNodeModules, sourceImportMetaUrl],
  write: false,
});
// Written beside and renamed into place: a server starting meanwhile (two `npm start`s at once,
// as e2e does) reads the old bundle or the new one, never half of one.
// Chunks have content-hashed names and go first; the entry is renamed into place last.
await mkdir(outdir, { recursive: true });
const files = result.outputFiles.sort(
  (a, b) => Number(a.path.startsWith(entry)) - Number(b.path.startsWith(entry)),
);
for (const file of files) {
  const temp = `${file.path}.${process.pid}.tmp`;
  await writeFile(temp, file.contents);
  await rename(temp, file.path);
}
// Chunks of earlier builds (an old server still running has loaded its own at start).
const current = new Set(files.map((file) => file.path));
for (const name of await readdir(outdir)) {
  if (/^[\w-]+-[A-Z0-9]{8}\.mjs(\.map)?$/.test(name) && !current.has(join(outdir, name))) {
    await rm(join(outdir, name), { force: true });
  }
}
console.log(`Built ${posix(relative(root, entry))} in ${Date.now() - started} ms`);
