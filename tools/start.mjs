// `npm start`: install if needed, build the web app and the server if missing or stale, then run
// the server's JavaScript bundle (which starts the embedded demo cloud when no cloud is
// configured); no TypeScript loader at run time.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstalled, root } from './ensure-installed.mjs';
import { SERVER_V8_FLAGS, withMallocTunables } from './malloc-tunables.mjs';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function webIsStale() {
  const index = join(root, 'web', 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = [join(root, 'web', 'src'), join(root, 'packages', 'contract', 'src')];
  return (
    sources.some((dir) => newest(dir) > built) ||
    statSync(join(root, 'web', 'index.html')).mtimeMs > built
  );
}

/** The server bundle is older than a source it is built from (server and workspace packages). */
function serverIsStale() {
  const bundle = join(root, 'server', 'dist', 'server.mjs');
  if (!existsSync(bundle)) return true;
  const built = statSync(bundle).mtimeMs;
  const sources = [
    'server/src',
    ...readdirSync(join(root, 'packages')).map((p) => `packages/${p}/src`),
  ];
  return (
    sources.some((dir) => existsSync(join(root, dir)) && newest(join(root, dir)) > built) ||
    statSync(join(root, 'package-lock.json')).mtimeMs > built
  );
}

ensureInstalled();
if (!process.env.SKYDECK_WEB_DIST && webIsStale()) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@skydeck/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (serverIsStale()) {
  console.log('Building the server…');
  const r = spawnSync(process.execPath, [join(root, 'tools', 'build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(
  process.execPath,
  [...SERVER_V8_FLAGS, join(root, 'server', 'dist', 'server.mjs'), ...process.argv.slice(2)],
  // Object downloads and uploads stream through the server: see malloc-tunables.mjs.
  { cwd: root, stdio: 'inherit', env: withMallocTunables(process.env) },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
