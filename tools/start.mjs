// `npm start`: install if needed, build the web app if it is missing or stale, then run the
// server (which starts the embedded demo cloud when no cloud is configured).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstalled, root } from './ensure-installed.mjs';

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

ensureInstalled();
if (!process.env.SKYDECK_WEB_DIST && webIsStale()) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@skydeck/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'server', 'src', 'server.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
