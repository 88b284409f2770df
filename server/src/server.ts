import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError } from './config/configError';
import { installCrashGuard } from './lib/crashGuard';
import { loadConfig } from './config/loadConfig';
import type { CloudConfig, ServerConfig } from './config/schema';

/** The demo cloud's regions: RegionTwo offers compute only, so region switching can be shown. */
const DEMO_REGIONS = ['RegionOne', 'RegionTwo'];

const readConfig = (): ServerConfig => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Skydeck: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
};

const main = async (): Promise<void> => {
  const config = readConfig();
  let cloud: CloudConfig | null = config.cloud;
  let closeDemo: (() => Promise<void>) | undefined;
  const notes: string[] = [];

  if (cloud === null) {
    // Loaded only when needed: a production install never touches SQLite.
    const { startDemoCloud, SEED_USERS } = await import('@skydeck/demo-cloud');
    const demo = await startDemoCloud({
      dataDir: config.demoCloud.dataDir,
      port: config.demoCloud.port,
    });
    closeDemo = demo.close;
    cloud = {
      authUrl: demo.authUrl,
      regions: DEMO_REGIONS,
      interface: 'public',
      source: `demo cloud at ${demo.url}`,
    };
    notes.push(
      `No cloud configured (OS_CLOUD or OS_AUTH_URL): started the demo cloud at ${demo.url}`,
      `  data in ${config.demoCloud.dataDir}`,
      `  sign in as ${SEED_USERS.map((u) => `${u.name}/${u.password}`).join(', ')} (domain Default)`,
    );
  }

  const app = await buildApp({ ...config, cloud });
  // Signals only: close-with-grace would also close the server (and exit) on any uncaught
  // exception or unhandled rejection, so one bad request could stop it for every user. Those
  // are the crash guard's, installed below once the server listens; until then Node's default
  // applies and an error at startup still ends the process.
  closeWithGrace(
    { delay: 10_000, skip: ['uncaughtException', 'unhandledRejection'] },
    async ({ signal }) => {
      if (signal) app.log.info({ signal }, 'closing');
      await app.close();
      await closeDemo?.();
    },
  );

  await app.listen({ host: config.host, port: config.port });
  installCrashGuard({ log: app.log });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Skydeck is running at http://${host}:${port}${config.webroot}`);
  console.log(`  cloud: ${cloud.source} (Keystone ${cloud.authUrl})`);
  for (const line of notes) console.log(line);
};

main().catch((error: unknown) => {
  console.error('Skydeck failed to start:', error);
  process.exit(1);
});
