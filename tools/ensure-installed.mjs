// Installs dependencies when they are missing or older than the lockfile, so a fresh clone
// needs nothing but `npm start`. Plain Node on purpose: it runs before anything is installed.
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (mtime(marker) >= mtime(lock) && mtime(marker) > 0) return;
  console.log('Installing dependencies (npm ci)…');
  const cmd = existsSync(lock) ? 'ci' : 'install';
  const r = spawnSync('npm', [cmd, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureInstalled();
