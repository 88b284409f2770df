import { defineConfig } from '@playwright/test';
import {
  baseURL,
  cloudAuthUrl,
  cloudDataDir,
  cloudPort,
  outputDir,
  port,
  variantBaseURL,
  variantPort,
  variantSettings,
} from './env';

const VARIANT_SPECS = /\.variant\.spec\.ts$/;

/** How each product server is started and waited for. */
const server = {
  timeout: 180_000,
  reuseExistingServer: !process.env.CI,
  stdout: 'ignore',
  stderr: 'pipe',
} as const;

// The product is started exactly as a user starts it (`npm start`), against a throwaway demo
// cloud on fixed loopback ports so tests can also reach the cloud directly.
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
    viewport: { width: 1400, height: 900 },
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
  projects: [
    { name: 'default', testIgnore: VARIANT_SPECS },
    // Settings read at start need their own server (never a test-only switch in the product).
    { name: 'variant', testMatch: VARIANT_SPECS, use: { baseURL: variantBaseURL } },
  ],
  // Started in this order, each once the one before answers: the variant server uses the demo
  // cloud the first one embeds.
  webServer: [
    {
      command: `rm -rf "${cloudDataDir}" && node ../tools/start.mjs`,
      url: `${baseURL}auth/options/`,
      ...server,
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        DEMO_CLOUD_PORT: String(cloudPort),
        DEMO_CLOUD_DATA_DIR: cloudDataDir,
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
