import { describe, expect, it } from 'vitest';
import { startTestCloud } from '../../testing/testCloud';

describe('the topology scale seed', () => {
  it("adds networks, routers with interfaces and instances with ports to demo's project", async () => {
    const cloud = await startTestCloud({ scale: { topology: 200 } });
    try {
      const { token } = await cloud.login('demo', 'demo');
      const get = async <T>(path: string): Promise<T> =>
        (await cloud.request<T>('GET', path, { token })).body;
      const nets = await get<{ networks: { id: string }[] }>(
        '/network/v2.0/networks?name=topo-net-00000-0001',
      );
      expect(nets.networks).toHaveLength(1);
      const routers = await get<{ routers: { name: string; external_gateway_info: unknown }[] }>(
        '/network/v2.0/routers',
      );
      const topo = routers.routers.filter((r) => r.name.startsWith('topo-router-'));
      expect(topo).toHaveLength(5);
      expect(topo.every((r) => r.external_gateway_info !== null)).toBe(true);
      const ports = await get<{ ports: { device_owner: string }[] }>(
        `/network/v2.0/ports?network_id=${nets.networks[0]?.id ?? ''}`,
      );
      expect(ports.ports.map((p) => p.device_owner)).toEqual(
        expect.arrayContaining(['network:router_interface', 'compute:nova']),
      );
      const servers = await get<{ servers: unknown[] }>(
        '/compute/v2.1/servers?name=topo-vm-&limit=1000',
      );
      expect(servers.servers).toHaveLength(200 - 20 - 5);
    } finally {
      await cloud.close();
    }
  });
});
