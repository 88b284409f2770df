import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterAll } from './support/cleanup';
import type { RawAnswer } from './support/http';
import { nova } from './support/nova';
import { bootTestServers, settledServer } from './support/servers';
import { session } from './support/session';
import type { Session } from './support/session';
import { expectComputeFault, field } from './support/shape';

// Cold and live migration as the dashboard's admin actions send them (issue 9): who may, and
// Nova's 409 for a state that refuses them. The target may have a single compute host, so no
// migration is carried through here (the demo cloud's own tests do that across its hosts).

const cleanup = cleanupAfterAll();
let serverId = '';

beforeAll(async () => {
  [serverId = ''] = (
    await bootTestServers(await session('demo'), '10.232.11.0/24', cleanup)
  ).serverIds;
});

const act = (who: Session, body: unknown, version = '2.25'): Promise<RawAnswer> =>
  nova(who, 'POST', `servers/${serverId}/action`, version, { json: body });

async function settle(status: string): Promise<void> {
  await settledServer(await session('demo'), serverId, status);
}

function expectConflict(answer: RawAnswer, action: string, state: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(409);
  expectComputeFault(answer.body, 'conflictingRequest', 409);
  expect(field(answer.body, 'conflictingRequest', 'message')).toBe(
    `Cannot '${action}' instance ${serverId} while it is in vm_state ${state}`,
  );
}

describe('server migration', () => {
  it('refuses both to a project member (admin-only policy)', async () => {
    const demo = await session('demo');
    for (const [body, rule] of [
      [{ migrate: null }, 'os_compute_api:os-migrate-server:migrate'],
      [
        { 'os-migrateLive': { host: null, block_migration: 'auto' } },
        'os_compute_api:os-migrate-server:migrate_live',
      ],
    ] as const) {
      const answer = await act(demo, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
      expectComputeFault(answer.body, 'forbidden', 403);
      expect(field(answer.body, 'forbidden', 'message')).toBe(
        `Policy doesn't allow ${rule} to be performed.`,
      );
    }
  });

  it('refuses a cold migration of a paused server and a live one of a stopped server (409)', async () => {
    const demo = await session('demo');
    const admin = await session('admin');
    expect((await act(demo, { pause: null }, '2.1')).status).toBe(202);
    await settle('PAUSED');
    expectConflict(await act(admin, { migrate: null }), 'migrate', 'paused');
    expect((await act(demo, { unpause: null }, '2.1')).status).toBe(202);
    await settle('ACTIVE');
    expect((await act(demo, { 'os-stop': null }, '2.1')).status).toBe(202);
    await settle('SHUTOFF');
    expectConflict(
      await act(admin, { 'os-migrateLive': { host: null, block_migration: 'auto' } }),
      'os-migrateLive',
      'stopped',
    );
  });
});
