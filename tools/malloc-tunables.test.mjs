// `node --test tools/`: the malloc settings given to the server and the demo cloud.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { MALLOC_TUNABLES, SERVER_V8_FLAGS, withMallocTunables } from './malloc-tunables.mjs';

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

test('the server V8 flags keep a young generation of 16 MiB semi-spaces', () => {
  const newSpace =
    "const s = require('v8').getHeapSpaceStatistics().find((x) => x.space_name === 'new_space');" +
    'console.log(s.space_size)';
  const run = spawnSync(process.execPath, [...SERVER_V8_FLAGS, '-e', newSpace], {
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(Number(run.stdout.trim()), 16 * 1024 * 1024);
  // And without them V8 starts (and shrinks back) to less, which is what the flag is for.
  const plain = spawnSync(process.execPath, ['-e', newSpace], { encoding: 'utf8' });
  assert.ok(Number(plain.stdout.trim()) < 16 * 1024 * 1024);
});

test('start.mjs gives the server those flags', () => {
  const start = readFileSync(new URL('./start.mjs', import.meta.url), 'utf8');
  assert.match(start, /\[\.\.\.SERVER_V8_FLAGS, join\(root, 'server', 'dist', 'server\.mjs'\)/);
});
