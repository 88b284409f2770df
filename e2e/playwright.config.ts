import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import {
  baseURL,
  cloudAuthUrl,
  cloudDataDir,
  cloudPort,
  lab,
  outputDir,
  port,
  variantBaseURL,
  variantPort,
  variantSettings,
} from './env';

const VARIANT_SPECS = /\.variant\.spec\.ts$/;

/** The operator's extensible header (SKYDECK_HEADER_FILE) of the default server. */
const headerFile = fileURLToPath(new URL('./fixtures/header.json', import.meta.url));

/** How each product server is started and waited for. */
const server = {
  timeout: 180_000,
  reuseExistingServer: !process.env.CI,
  stdout: 'ignore',
  stderr: 'pipe',
} as const;

/** Lab mode: one server pointed at the lab, never reused (it must be this checkout's). */
const labServer = {
  command: 'node ../tools/start.mjs',
  url: `${baseURL}auth/options/`,
  ...server,
  reuseExistingServer: false,
  env: { HOST: '127.0.0.1', PORT: String(port), OS_AUTH_URL: cloudAuthUrl, OS_CLOUD: '' },
};

/** The demo cloud: every spec, with a second server for the variant specs. */
const demoProjects = [
  { name: 'default', testIgnore: VARIANT_SPECS },
  // Settings read at start need their own server (never a test-only switch in the product).
  { name: 'variant', testMatch: VARIANT_SPECS, use: { baseURL: variantBaseURL } },
];

/** Lab mode (env.ts): the smoke slice against real OpenStack services. */
const labProjects = [{ name: 'lab', testIgnore: VARIANT_SPECS, grep: /@smoke/ }];

// The product is started exactly as a user starts it (`npm start`), against a throwaway demo
// cloud on fixed loopback ports so tests can also reach the cloud directly; in lab mode against
// the OpenStack lab, which the tests reach directly too.
export default defineConfig({
  testDir: './tests',
  outputDir,
  // Specs run in parallel on two workers; tests inside a file keep their order.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // Room for every column of the widest tables beside the sidebar (the narrower windows,
    // where columns give way, have their own tests: column-room, server-render).
    viewport: { width: 1600, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
  },
  projects: lab ? labProjects : demoProjects,
  // Started in this order, each once the one before answers: the variant server uses the demo
  // cloud the first one embeds.
  webServer: lab
    ? labServer
    : [
        {
          command: `rm -rf "${cloudDataDir}" && node ../tools/start.mjs`,
          url: `${baseURL}auth/options/`,
          ...server,
          env: {
            HOST: '127.0.0.1',
            PORT: String(port),
            DEMO_CLOUD_PORT: String(cloudPort),
            DEMO_CLOUD_DATA_DIR: cloudDataDir,
            SKYDECK_HEADER_FILE: headerFile,
          },
        },
        {
          command: 'node ../tools/start.mjs',
          url: `${variantBaseURL}auth/options/`,
          ...server,
          env: {
            HOST: '127.0.0.1',
            PORT: String(variantPort),
            OS_AUTH_URL: cloudAuthUrl,
            SKYDECK_REGIONS: 'RegionOne,RegionTwo',
            ...variantSettings,
          },
        },
      ],
});
