import { afterAll } from 'vitest';

/**
 * Undo steps run after the file's tests, newest first, each best effort: what a test created is
 * removed even when the test failed half-way.
 */
export function cleanupAfterAll(): (undo: () => Promise<unknown>) => void {
  const steps: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of steps.reverse()) await step().catch(() => undefined);
  });
  return (undo) => {
    steps.push(undo);
  };
}
