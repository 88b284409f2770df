import { describe, expect, it } from 'vitest';
import type { NetworkAgentList, QuotaLimitList } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';
import { agentOf, quotaRows } from './system';

const { t, admin, demo } = useTestApp(['admin', 'demo']);

describe('quotaRows and agentOf', () => {
  it('sorts quotas by name and keeps only the shown agent fields', () => {
    expect(quotaRows({ ram: 1, cores: 2 })).toEqual([
      { name: 'cores', limit: 2 },
      { name: 'ram', limit: 1 },
    ]);
    const agent = agentOf({
      id: 'a',
      agent_type: 'DHCP agent',
      binary: 'neutron-dhcp-agent',
      host: 'h',
      admin_state_up: true,
      alive: false,
    });
    expect(agent).toEqual({
      id: 'a',
      agent_type: 'DHCP agent',
      binary: 'neutron-dhcp-agent',
      host: 'h',
      availability_zone: null,
      admin_state_up: true,
      alive: false,
      heartbeat_timestamp: null,
    });
  });
});

describe('network agents', () => {
  it('lists the agents to an admin, without their configurations; a member sees none', async () => {
    const res = await t.as(admin, { url: '/api/neutron/agents/' });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<NetworkAgentList>().items;
    expect(items.map((a) => a.agent_type)).toEqual(
      expect.arrayContaining(['DHCP agent', 'L3 agent']),
    );
    expect(items[0]).not.toHaveProperty('configurations');
    // Neutron filters a list by policy rather than refusing it.
    const member = await t.as(demo, { url: '/api/neutron/agents/' });
    expect(member.statusCode).toBe(200);
    expect(member.json<NetworkAgentList>().items).toEqual([]);
  });
});

describe('default quotas', () => {
  it('reads Nova’s defaults and lets only an admin change them', async () => {
    const res = await t.as(demo, { url: '/api/nova/quota-sets/defaults/' });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<QuotaLimitList>().items;
    expect(items.map((q) => q.name)).toEqual(expect.arrayContaining(['instances', 'cores']));
    // 2.57: neither Neutron's quotas nor the personality ones.
    expect(items.map((q) => q.name)).not.toContain('floating_ips');
    expect(items.map((q) => q.name)).not.toContain('injected_files');
    expect(items.map((q) => q.name)).not.toContain('id');
    const before = items.find((q) => q.name === 'instances')?.limit ?? 10;

    const refused = await t.as(demo, {
      method: 'PATCH',
      url: '/api/nova/quota-sets/defaults/',
      payload: { instances: before + 1 },
    });
    expect(refused.statusCode).toBe(403);
    const changed = await t.as(admin, {
      method: 'PATCH',
      url: '/api/nova/quota-sets/defaults/',
      payload: { instances: before + 1 },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const after = await t.as(demo, { url: '/api/nova/quota-sets/defaults/' });
    expect(after.json<QuotaLimitList>().items).toContainEqual({
      name: 'instances',
      limit: before + 1,
    });
    await t.as(admin, {
      method: 'PATCH',
      url: '/api/nova/quota-sets/defaults/',
      payload: { instances: before },
    });
  });

  it('refuses a bad value with 400', async () => {
    for (const payload of [{ instances: -2 }, { instances: 'ten' }, { instances: 1.5 }]) {
      const res = await t.as(admin, {
        method: 'PATCH',
        url: '/api/nova/quota-sets/defaults/',
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('reads Neutron’s defaults', async () => {
    const res = await t.as(demo, { url: '/api/neutron/quota-sets/defaults/' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<QuotaLimitList>().items.map((q) => q.name)).toEqual(
      expect.arrayContaining(['network', 'port', 'router', 'floatingip']),
    );
  });
});
