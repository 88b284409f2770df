/**
 * `npm run bench:stacks` (issue 13): the stack topology data (spec 1 §7) of a stack of 200
 * resources, through the server: GET /api/heat/stacks/{id}/topology/ (the stack and its
 * resources read from Heat, the graph's nodes built), median and p90 of 20 reads once the
 * stack is complete. The demo cloud runs in its own process. Target: ≤ 200 ms p50.
 * `--count <n>` builds another size; `--no-append` leaves bench/RESULTS.md alone.
 */
import { appendResults, login, machine, startProduct, waitFor } from './common';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const COUNT = Number(option('--count') ?? 200);
const append = !process.argv.includes('--no-append');
const RUNS = 20;
const TARGET_MS = 200;

/** COUNT resources; every tenth depends on the one before it, so the graph has links. */
function template(count: number): string {
  const lines = ['heat_template_version: 2018-08-31', 'resources:'];
  for (let i = 0; i < count; i++) {
    lines.push(`  r${i}:`, '    type: OS::Heat::None');
    if (i % 10 === 9) lines.push(`    depends_on: r${i - 1}`);
  }
  return `${lines.join('\n')}\n`;
}

const percentile = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))] ?? 0;
};

async function main(): Promise<void> {
  const port = Number(option('--port') ?? 9366);
  const product = startProduct({ port, name: 'skydeck-bench-stacks', stubWeb: true });
  try {
    await product.ready();
    await waitFor(product.base);
    const session = await login(product.base, 'demo');
    const headers = {
      Cookie: session.cookie,
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRFToken': session.csrf,
      'Content-Type': 'application/json',
    };
    const created = await fetch(`${product.base}api/heat/stacks/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ stack_name: 'bench-stack', template: template(COUNT) }),
    });
    if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const topology = async (): Promise<{ ms: number; nodes: number; status: string }> => {
      const t0 = performance.now();
      const r = await fetch(`${product.base}api/heat/stacks/${id}/topology/`, { headers });
      const body = (await r.json()) as { stack: { status: string }; nodes: unknown[] };
      if (!r.ok) throw new Error(`topology: ${r.status}`);
      return { ms: performance.now() - t0, nodes: body.nodes.length, status: body.stack.status };
    };
    const createStarted = Date.now();
    for (;;) {
      const { status } = await topology();
      if (!status.endsWith('IN_PROGRESS')) {
        if (status !== 'CREATE_COMPLETE') throw new Error(`stack ended ${status}`);
        break;
      }
      if (Date.now() - createStarted > 600_000) throw new Error('stack still in progress');
      await new Promise((r) => setTimeout(r, 1000));
    }
    const createSeconds = (Date.now() - createStarted) / 1000;
    const ms: number[] = [];
    let nodes = 0;
    for (let i = 0; i < RUNS; i++) {
      const one = await topology();
      ms.push(one.ms);
      nodes = one.nodes;
    }
    const p50 = percentile(ms, 0.5);
    const p90 = percentile(ms, 0.9);
    const verdict = p50 <= TARGET_MS ? 'meets' : 'misses';
    const summary = `stack topology, ${nodes} nodes: p50 ${p50.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms (target ≤ ${TARGET_MS} ms p50: ${verdict}); stack created in ${createSeconds.toFixed(0)} s`;
    console.log(summary);
    if (append) {
      appendResults(
        [
          `## Stack topology (bench:stacks), ${new Date().toISOString().slice(0, 10)}`,
          '',
          `- Machine: ${machine()}; machine loaded by other work.`,
          `- A stack of ${COUNT} OS::Heat::None resources (every tenth depends on the one before), demo cloud in its own process.`,
          `- GET /api/heat/stacks/{id}/topology/ through the server, ${RUNS} reads: ${summary}.`,
          '',
        ].join('\n'),
      );
    }
  } finally {
    product.stop();
  }
}

await main();
