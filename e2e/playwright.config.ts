import { defineConfig } from '@playwright/test';

// The product is started exactly as a user starts it (`npm start`), against a throwaway demo
// cloud on fixed loopback ports so tests can also reach the cloud directly.
const port = Number(process.env.E2E_PORT ?? 9123);
const cloudPort = Number(process.env.E2E_CLOUD_PORT ?? 5123);
export const baseURL = `http://127.0.0.1:${port}/`;
export const cloudAuthUrl = `http://127.0.0.1:${cloudPort}/identity/v3`;

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
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
    trace: 'off',
  },
  webServer: {
    command: 'rm -rf .artifacts/cloud && node ../tools/start.mjs',
    url: `${baseURL}auth/options/`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_CLOUD_PORT: String(cloudPort),
      DEMO_CLOUD_DATA_DIR: '.artifacts/cloud',
    },
  },
});
