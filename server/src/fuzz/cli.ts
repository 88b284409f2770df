import { parseArgs } from 'node:util';
import { formatReport, runFuzz } from './engine';

/**
 * `npm run fuzz [-- --runs N --seed S]`: the route fuzzer at full length (50,000 cases by
 * default). Prints counts by status and route and every failing case with the seed that
 * replays it; exits 1 on any unexpected 5xx, hang, unhandled error or a server that stopped
 * answering.
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '50000' },
    seed: { type: 'string' },
  },
});
const runs = Number(values.runs);
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed S]');
  process.exit(2);
}

console.log(`fuzzing ${runs} cases from seed ${seed}`);
const report = await runFuzz({ runs, seed, progress: (line) => console.log(line) });
console.log(formatReport(report));
const bad = report.failures.length > 0 || report.unhandled.length > 0 || report.stoppedAnswering;
process.exit(bad ? 1 : 0);
