import { describe, expect, it } from 'vitest';
import type { FloatingIp } from '@skydeck/contract';
import { addressOptions, poolOfChoice, targetKey } from './AssociateFloatingIpModal';

const fip = (over: Partial<FloatingIp>): FloatingIp => ({
  id: 'f1',
  floating_ip_address: '172.24.4.3',
  pool_id: 'ext',
  pool_name: 'public',
  description: '',
  project_id: 'p',
  status: 'DOWN',
  port_id: null,
  fixed_ip_address: null,
  router_id: null,
  instance_id: null,
  instance_name: null,
  ...over,
});

describe('the association choices', () => {
  it('offers the free addresses, then an allocation from each pool', () => {
    const options = addressOptions([fip({})], [{ id: 'ext', name: 'public' }], (p) => `new ${p}`);
    expect(options).toEqual([
      { value: 'f1', label: '172.24.4.3 (public)' },
      { value: 'pool:ext', label: 'new public' },
    ]);
  });

  it("knows the pool of a choice: the address's, or the one to allocate from", () => {
    expect(poolOfChoice('f1', [fip({})])).toBe('ext');
    expect(poolOfChoice('pool:other', [])).toBe('other');
    expect(poolOfChoice('', [fip({})])).toBeUndefined();
  });

  it('keys a target by port and address (a port may have several)', () => {
    const target = {
      port_id: 'port',
      ip_address: '10.0.0.4',
      label: 'vm: 10.0.0.4',
      instance_id: 'vm',
      instance_name: 'vm',
      network_id: 'n',
    };
    expect(targetKey(target)).toBe('port 10.0.0.4');
  });
});
