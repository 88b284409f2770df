import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Route tests start a demo cloud (SQLite + Fastify) per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
