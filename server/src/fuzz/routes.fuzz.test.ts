import { expect, it } from 'vitest';
import { formatReport, runFuzz } from './engine';

// A fixed seed keeps CI deterministic (the same 2,000 cases over whatever routes exist);
// FUZZ_SEED tries others, and `npm run fuzz` draws a new one each run.
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_261_126;

it('no generated request to any route gets a 5xx of ours, hangs, or stops the server', async () => {
  const report = await runFuzz({ runs: 2_000, seed, maxDurationMs: 80_000 });
  const text = formatReport(report);
  if (report.failures.length > 0) console.log(text);
  expect(report.routes).toBeGreaterThan(0);
  // A slow machine may cut the run short, but never to a token few.
  expect(report.sent).toBeGreaterThan(500);
  expect(report.stoppedAnswering, text).toBe(false);
  expect(report.unhandled, text).toEqual([]);
  expect(
    report.failures.map((f) => `${f.route}: ${f.reason} (seed ${f.seed})`),
    text,
  ).toEqual([]);
}, 180_000);
