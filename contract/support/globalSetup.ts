import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningDemoCloud } from '@skydeck/demo-cloud';
import type { TestProject } from 'vitest/node';
import { LAB_AUTH_URL, REGION, parseTargetName } from './targets';
import type { ContractTarget } from './targets';

let demo: RunningDemoCloud | undefined;
let dataDir: string | undefined;

/** Starts the demo cloud once for the whole run, or checks that the lab answers. */
export async function setup(project: TestProject): Promise<void> {
  const name = parseTargetName(process.env['CONTRACT_TARGET']);
  let target: ContractTarget;
  if (name === 'demo') {
    dataDir = mkdtempSync(join(tmpdir(), 'skydeck-contract-'));
    // Loaded only for this target: a lab run must not depend on the demo cloud's code.
    const { startDemoCloud } = await import('@skydeck/demo-cloud');
    demo = await startDemoCloud({ dataDir, port: 0 });
    target = { name, authUrl: demo.authUrl, region: REGION };
  } else {
    const authUrl = process.env['OS_AUTH_URL'] ?? LAB_AUTH_URL;
    await assertReachable(authUrl);
    target = { name, authUrl, region: process.env['OS_REGION_NAME'] ?? REGION };
  }
  project.provide('contractTarget', target);
}

export async function teardown(): Promise<void> {
  await demo?.close();
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
