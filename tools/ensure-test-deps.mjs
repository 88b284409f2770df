// `pretest`: what `npm test` needs outside node_modules — Debian's Chromium (Playwright drives it
// at /usr/bin/chromium, or CHROMIUM_PATH), redis-server (the Redis session store's tests start
// their own) and nginx (server/src/deploy.test.ts runs deploy/nginx/skydeck.conf in front of two
// server processes). Installs them with apt when it can (root, or password-less sudo), as .ci/run
// does; otherwise stops at once with the command to run, instead of failing minutes later in e2e.
// Plain Node on purpose: .ci/run calls it before anything is installed.
import { accessSync, constants, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';

function onPath(name) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH)) {
  console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
  process.exit(1);
}

const missing = [];
if (!process.env.CHROMIUM_PATH && !existsSync('/usr/bin/chromium')) missing.push('chromium');
if (!onPath('redis-server')) missing.push('redis-server');
// The openstack CLI: e2e/tests/appcred.spec.ts runs it on the clouds.yaml and openrc it downloads.
if (!onPath('openstack')) missing.push('python3-openstackclient');
// nginx is in /usr/sbin, which a normal user's PATH lacks.
if (!onPath('nginx') && !existsSync('/usr/sbin/nginx')) missing.push('nginx');
if (missing.length === 0) process.exit(0);

const run = (cmd, args, stdio = 'inherit') => spawnSync(cmd, args, { stdio }).status === 0;
const isRoot = process.getuid?.() === 0;
const sudo =
  !isRoot && onPath('sudo') && run('sudo', ['-n', 'true'], 'ignore') ? ['sudo', '-n'] : [];
const command = `${isRoot ? '' : 'sudo '}apt-get update && ${isRoot ? '' : 'sudo '}apt-get install -y ${missing.join(' ')}`;

if (!onPath('apt-get') || (!isRoot && sudo.length === 0)) {
  console.error(`npm test needs ${missing.join(' and ')}. Install with:\n\n  ${command}\n`);
  process.exit(1);
}

console.log(`== installing ${missing.join(' ')} from apt (for the tests)`);
const apt = (...args) => {
  const [cmd, ...rest] = [...sudo, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args];
  return run(cmd, rest);
};
if (!apt('update', '-qq') || !apt('install', '-y', '-qq', ...missing)) {
  console.error(`Installing ${missing.join(' ')} failed. Try:\n\n  ${command}\n`);
  process.exit(1);
}
