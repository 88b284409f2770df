import { describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { nova } from '../support/nova';
import { flavorsBySize, publicBootImage, testNetwork } from '../support/servers';
import { waitFor } from '../support/services';
import { session, uniqueName, type Session } from '../support/session';
import { field } from '../support/shape';

// The Launch Instance wizard's create call (server/src/services/nova/launch.ts) through the
// server's own client on both targets: the payload it builds is one Nova accepts.

const cleanup = cleanupAfterAll();

const removeServer = (demo: Session, id: string) => async (): Promise<void> => {
  await nova(demo, 'DELETE', `servers/${id}`);
  await waitFor(
    () => nova(demo, 'GET', `servers/${id}`),
    (a) => a.status === 404,
    { timeoutMs: 60_000, label: 'server gone' },
  );
};

const settled = async (demo: Session, id: string): Promise<Record<string, unknown>> => {
  const answer = await waitFor(
    () => nova(demo, 'GET', `servers/${id}`),
    (a) => ['ACTIVE', 'ERROR'].includes(String(field(a.body, 'server', 'status'))),
    { timeoutMs: 90_000, intervalMs: 500, label: 'server settled' },
  );
  return field(answer.body, 'server') as Record<string, unknown>;
};

describe('nova server create (the launch wizard)', () => {
  it('creates two from an image on a network with metadata, user data and disk config', async () => {
    const demo = await session('demo');
    const imageId = await publicBootImage(demo);
    const [flavor] = await flavorsBySize(demo);
    if (!flavor) throw new Error('the target has no flavor');
    const networkId = await testNetwork(demo, '10.232.14.0/24', cleanup);
    const name = uniqueName('launch');
    const created = await demo.client.nova.serverCreate.create({
      server: () => ({
        name,
        flavorRef: flavor.id,
        imageRef: imageId,
        min_count: 2,
        max_count: 2,
        networks: [{ uuid: networkId }],
        metadata: { origin: 'contract' },
        user_data: Buffer.from('#!/bin/sh\n').toString('base64'),
        security_groups: [{ name: 'default' }],
        'OS-DCF:diskConfig': 'AUTO',
      }),
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const listed = await nova(demo, 'GET', `servers?name=${encodeURIComponent(`^${name}`)}`);
    const ids = (field(listed.body, 'servers') as { id: string }[]).map((s) => s.id);
    for (const id of ids) cleanup(removeServer(demo, id));
    expect(ids).toHaveLength(2);
    const server = await settled(demo, created.id);
    expect(server['status']).toBe('ACTIVE');
    expect(server['metadata']).toEqual({ origin: 'contract' });
  });

  it('a flavor that does not exist is the 400 the wizard passes on', async () => {
    const demo = await session('demo');
    const imageId = await publicBootImage(demo);
    await expectClientError(
      demo.client.nova.serverCreate.create({
        server: () => ({
          name: uniqueName('launch'),
          flavorRef: 'no-such-flavor',
          imageRef: imageId,
          networks: 'none',
        }),
      }),
      {
        status: 400,
        service: 'compute',
        title: 'badRequest',
        message: 'Flavor no-such-flavor could not be found.',
      },
    );
  });
});
