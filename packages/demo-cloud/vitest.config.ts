import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'demo-cloud',
    // Each test file starts its own cloud on an ephemeral port; RSA key generation makes some tests slower.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
