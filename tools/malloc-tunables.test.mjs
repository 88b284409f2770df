// `node --test tools/`: the malloc settings given to the server and the demo cloud.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { MALLOC_TUNABLES, withMallocTunables } from './malloc-tunables.mjs';

test('adds the tunables to an environment without any', () => {
  const env = withMallocTunables({ PATH: '/bin' });
  assert.equal(env.PATH, '/bin');
  assert.equal(env.GLIBC_TUNABLES, MALLOC_TUNABLES.join(':'));
});

test("keeps the operator's own settings and values", () => {
  const env = withMallocTunables({
    GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=1048576:glibc.malloc.arena_max=2',
  });
  assert.equal(
    env.GLIBC_TUNABLES,
    `glibc.malloc.trim_threshold=1048576:glibc.malloc.arena_max=2:glibc.malloc.top_pad=${16 * 1024 * 1024}:glibc.malloc.mmap_threshold=${4 * 1024 * 1024}`,
  );
});

test('a Node process starts with them', () => {
  const run = spawnSync(process.execPath, ['-e', 'console.log(process.env.GLIBC_TUNABLES)'], {
    env: withMallocTunables({}),
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout.trim(), MALLOC_TUNABLES.join(':'));
});
