// `npm run demo-cloud`: the demo cloud alone. Runs in this process tree directly (no nested
// shells), so SIGTERM/SIGINT reach it and it shuts down cleanly.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstalled, root } from './ensure-installed.mjs';
import { withMallocTunables } from './malloc-tunables.mjs';

ensureInstalled();
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    join(root, 'packages', 'demo-cloud', 'src', 'main.ts'),
    ...process.argv.slice(2),
  ],
  // Its Swift serves and stores object data as streams: see malloc-tunables.mjs.
  { cwd: root, stdio: 'inherit', env: withMallocTunables(process.env) },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
