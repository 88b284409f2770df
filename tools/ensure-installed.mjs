// Installs dependencies when they are missing or do not match the lockfile, so a fresh clone
// needs nothing but `npm start`. Plain Node on purpose: it runs before anything is installed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const lock = join(root, 'package-lock.json');
// What the last install here was made from. A lockfile's content, not its time: a checkout,
// a copy or an editor touching it must not start a reinstall under a running server or test.
const stamp = join(root, 'node_modules', '.skydeck-lock.sha256');

function lockHash() {
  return existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : '';
}

export function ensureInstalled() {
  const hash = lockHash();
  const marker = join(root, 'node_modules', '.package-lock.json');
  const installed = existsSync(marker);
  if (installed && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) return;
  if (installed && !existsSync(stamp) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) {
    // Installed by hand (npm ci) after the lockfile last changed: take it as it is.
    writeFileSync(stamp, `${hash}\n`);
    return;
  }
  // A fresh machine gets exactly the lockfile (npm ci); an installed tree is brought up to date
  // in place (npm install), never removed first, so other processes using it keep working.
  const cmd = !installed && hash ? 'ci' : 'install';
  console.log(`Installing dependencies (npm ${cmd})…`);
  const r = spawnSync('npm', [cmd, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, `${lockHash()}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureInstalled();
