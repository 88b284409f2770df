import { describe, expect, it } from 'vitest';
import { expectClientError } from './support/clients';
import { session } from './support/session';
import { expectShape } from './support/shape';

// Admin › Defaults and the network agents of Admin › System Information (issue 13), through the
// server's own client on both targets: Nova's default quota class, Neutron's defaults and agents.

describe('default quotas', () => {
  it('reads Nova’s defaults at 2.57 and lets only an admin change the default class', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const defaults = await demo.client.nova.quotaDefaults.get(demo.projectId);
    expectShape(defaults, {
      instances: 'integer',
      cores: 'integer',
      ram: 'integer',
      metadata_items: 'integer',
      key_pairs: 'integer',
      server_groups: 'integer',
      server_group_members: 'integer',
      // Gone at 2.36 (Neutron's) and 2.57 (personality).
      floating_ips: 'absent',
      security_groups: 'absent',
      injected_files: 'absent',
      id: 'absent',
    });

    const before = defaults['metadata_items'] ?? 128;
    try {
      const changed = await admin.client.nova.quotaDefaults.update({ metadata_items: 131 });
      expect(changed['metadata_items']).toBe(131);
      expect(changed).not.toHaveProperty('id');
      expect((await demo.client.nova.quotaDefaults.get(demo.projectId))['metadata_items']).toBe(
        131,
      );
    } finally {
      await admin.client.nova.quotaDefaults.update({ metadata_items: before });
    }

    await expectClientError(demo.client.nova.quotaDefaults.update({ instances: 1 }), {
      status: 403,
      title: 'forbidden',
    });
  });

  it('reads Neutron’s defaults as a member', async () => {
    const demo = await session('demo');
    const defaults = await demo.client.neutron.system.quotaDefaults(demo.projectId);
    expectShape(defaults, {
      network: 'integer',
      subnet: 'integer',
      port: 'integer',
      router: 'integer',
      floatingip: 'integer',
      security_group: 'integer',
      security_group_rule: 'integer',
    });
  });
});

describe('network agents', () => {
  it('lists agents to an admin and none to a member', async () => {
    const admin = await session('admin');
    // The lab runs ML2 without agents: the list may be empty there.
    const agents = await admin.client.neutron.system.agents();
    expect(Array.isArray(agents)).toBe(true);
    for (const agent of agents) {
      expectShape(agent, {
        id: 'string',
        agent_type: 'string',
        binary: 'string',
        host: 'string',
        admin_state_up: 'boolean',
        alive: 'boolean',
        availability_zone: 'string|null',
        heartbeat_timestamp: 'string|null',
      });
    }
    const demo = await session('demo');
    // Neutron filters the list by policy (get_agent is admin-only) instead of refusing it.
    expect(await demo.client.neutron.system.agents()).toEqual([]);
  });
});
