import { defineConfig } from 'vitest/config';
import { routePaths } from './tools/routePaths';

export default defineConfig({
  plugins: [routePaths()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    // PatternFly's component CSS is irrelevant to behaviour and slow to process.
    css: false,
    testTimeout: 15_000,
  },
});
