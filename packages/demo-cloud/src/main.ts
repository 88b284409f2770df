import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { parseLatency, parseScale, parseSwitchedOff } from './core/knobs';
import type { KnobOptions } from './core/knobs';
import { SEED_PROJECTS } from './services/keystone/seed';
import { startDemoCloud } from './start';

/** `npm run demo-cloud`: the demo cloud as a standalone process, for the `openstack` CLI or a browser. */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    log: { type: 'boolean', default: false },
    // Test knobs (core/knobs.ts); without a flag, the DEMO_CLOUD_* variable applies.
    scale: { type: 'string' },
    latency: { type: 'string' },
    'switched-off': { type: 'string' },
  },
});

const knobs = ((): KnobOptions => {
  try {
    return {
      ...(values.scale === undefined ? {} : { scale: parseScale(values.scale) }),
      ...(values.latency === undefined ? {} : { latency: parseLatency(values.latency) }),
      ...(values['switched-off'] === undefined
        ? {}
        : { switchedOff: parseSwitchedOff(values['switched-off']) }),
    };
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
})();

const dataDir = resolve(
  values['data-dir'] ??
    process.env['DEMO_CLOUD_DATA_DIR'] ??
    resolve(REPO_ROOT, '.data/demo-cloud'),
);
const port = Number(values.port ?? process.env['DEMO_CLOUD_PORT'] ?? 5000);
const host = values.host ?? process.env['DEMO_CLOUD_HOST'] ?? '127.0.0.1';

const cloud = await startDemoCloud({
  dataDir,
  reset: values.reset,
  port,
  host,
  logger: values.log,
  ...knobs,
}).catch((error: unknown): never => {
  const code = (error as { code?: unknown }).code;
  process.stderr.write(
    code === 'EADDRINUSE'
      ? `Port ${port} on ${host} is in use: stop what holds it or set DEMO_CLOUD_PORT.\n`
      : `The demo cloud did not start: ${String(error)}\n`,
  );
  process.exit(1);
});

const entry = (user: string, project: string): object => ({
  auth: {
    auth_url: cloud.authUrl,
    username: user,
    password: user,
    project_name: project,
    user_domain_name: 'Default',
    project_domain_name: 'Default',
  },
  // Listing both regions (the first is the default) lets `--os-region-name RegionTwo` work.
  regions: ['RegionOne', 'RegionTwo'],
  interface: 'public',
  identity_api_version: 3,
});

const cloudsYaml = stringify({
  clouds: { 'skydeck-demo': entry('demo', 'demo'), 'skydeck-admin': entry('admin', 'admin') },
});

process.stdout.write(
  [
    `Skydeck demo cloud listening on ${cloud.url}`,
    `  identity (auth URL): ${cloud.authUrl}`,
    `  compute:             ${cloud.url}/compute/v2.1`,
    `  object-store:        ${cloud.url}/object-store/v1/AUTH_<project id>`,
    `  data directory:      ${dataDir}${values.reset ? ' (reset)' : ''}`,
    `  users: admin/admin, demo/demo, reader/reader; projects: ${SEED_PROJECTS.map((p) => p.name).join(', ')}`,
    '',
    'clouds.yaml (e.g. ~/.config/openstack/clouds.yaml), then `export OS_CLOUD=skydeck-demo`:',
    '',
    cloudsYaml,
  ].join('\n'),
);

let stopping = false;
const stop = (signal: NodeJS.Signals): void => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal}: stopping the demo cloud\n`);
  cloud.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`error while stopping: ${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
