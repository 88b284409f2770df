import { defineConfig } from 'vitest/config';

// One run over every workspace's unit, route and API tests (e2e is Playwright, run separately).
export default defineConfig({
  test: {
    projects: ['packages/*', 'server', 'web'],
  },
});
