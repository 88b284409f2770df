import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run over every workspace's unit, route and API tests (e2e is Playwright, run separately).
export default defineConfig({
  test: {
    projects: ['packages/*', 'server', 'web'],
    // Vitest's default leaves a core to its own process (cores − 1): one worker on a two-core CI
    // machine, with the second core mostly idle for the ten minutes the files take. The main
    // process only collects results, so every core gets a worker.
    maxWorkers: availableParallelism(),
  },
});
