import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningDemoCloud } from '@skydeck/demo-cloud';
import type { TestProject } from 'vitest/node';
import { DEMO_WORKERS, LAB_AUTH_URL, REGION, parseTargetName } from './targets';
import type { ContractTarget } from './targets';

const demos: RunningDemoCloud[] = [];
let dataDir: string | undefined;

/** Starts a demo cloud per worker for the whole run, or checks that the lab answers. */
export async function setup(project: TestProject): Promise<void> {
  const name = parseTargetName(process.env['CONTRACT_TARGET']);
  let targets: ContractTarget[];
  if (name === 'demo') {
    const root = mkdtempSync(join(tmpdir(), 'skydeck-contract-'));
    dataDir = root;
    // Loaded only for this target: a lab run must not depend on the demo cloud's code.
    const { startDemoCloud } = await import('@skydeck/demo-cloud');
    // Started together: the run waits for the slowest one, not for the sum.
    const started = await Promise.allSettled(
      Array.from({ length: DEMO_WORKERS }, (_, worker) =>
        startDemoCloud({ dataDir: join(root, String(worker + 1)), port: 0 }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') demos.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) {
      // Vitest skips teardown when setup throws: close the clouds that did start.
      await teardown();
      throw failed.reason;
    }
    targets = demos.map((demo) => ({ name, authUrl: demo.authUrl, region: REGION }));
  } else {
    const authUrl = process.env['OS_AUTH_URL'] ?? LAB_AUTH_URL;
    await assertReachable(authUrl);
    targets = [{ name, authUrl, region: process.env['OS_REGION_NAME'] ?? REGION }];
  }
  project.provide('contractTargets', targets);
}

export async function teardown(): Promise<void> {
  await Promise.all(demos.map((demo) => demo.close()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

async function assertReachable(authUrl: string): Promise<void> {
  try {
    const answer = await fetch(authUrl, { signal: AbortSignal.timeout(5_000) });
    if (answer.ok) return;
    throw new Error(`status ${answer.status}`);
  } catch (error) {
    throw new Error(
      `CONTRACT_TARGET=lab but Keystone at ${authUrl} does not answer (${String(error)}). ` +
        'Start the lab with tools/openstack-lab/up.sh (as root).',
      { cause: error },
    );
  }
}
