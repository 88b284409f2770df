import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The integration test seeds a whole demo cloud in beforeAll: seconds on a loaded CI machine.
  test: { name: 'openstack-client', hookTimeout: 60_000, testTimeout: 30_000 },
});
