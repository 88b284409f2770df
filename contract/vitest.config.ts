import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { DEMO_WORKERS, parseTargetName } from './support/targets';

const lab = parseTargetName(process.env['CONTRACT_TARGET']) === 'lab';

// The contract suite: the same assertions against the demo cloud (CONTRACT_TARGET=demo, default)
// or the real OpenStack lab from tools/openstack-lab (CONTRACT_TARGET=lab).
export default defineConfig({
  test: {
    name: 'contract',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    // Against the lab, parallel files would only queue on its single-worker services and make
    // timings noisy; the demo target has a cloud per worker (support/globalSetup.ts).
    fileParallelism: !lab,
    maxWorkers: lab ? 1 : DEMO_WORKERS,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
