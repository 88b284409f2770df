import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The contract suite: the same assertions against the demo cloud (CONTRACT_TARGET=demo, default)
// or the real OpenStack lab from tools/openstack-lab (CONTRACT_TARGET=lab).
export default defineConfig({
  test: {
    name: 'contract',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    // One target serves every file; against the lab, parallel files would only queue on its
    // single-worker services and make timings noisy.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
