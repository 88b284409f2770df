import { describe, expect, it } from 'vitest';
import { checkPort, isMac, isPairAddress } from './portRules';

describe('port rules', () => {
  it('takes colon MACs only', () => {
    expect(isMac('fa:16:3e:00:00:01')).toBe(true);
    expect(isMac('FA:16:3E:AA:BB:CC')).toBe(true);
    expect(isMac('fa-16-3e-00-00-01')).toBe(false);
    expect(isMac('fa:16:3e:00:00')).toBe(false);
  });

  it('takes an IP or a network CIDR as a pair address', () => {
    expect(isPairAddress('10.0.0.7')).toBe(true);
    expect(isPairAddress('10.0.0.0/24')).toBe(true);
    expect(isPairAddress('fd00::/64')).toBe(true);
    expect(isPairAddress('10.0.0.1/24')).toBe(false);
    expect(isPairAddress('10.0.0.300')).toBe(false);
  });

  it('names each bad fixed IP and pair by its index', () => {
    expect(
      checkPort({
        mac_address: 'nope',
        fixed_ips: [{ subnet_id: 's' }, { ip_address: '10.0.0.999' }, {}],
        allowed_address_pairs: [
          { ip_address: '10.1.0.0/16' },
          { ip_address: 'x', mac_address: 'y' },
        ],
      }),
    ).toEqual([
      { code: 'mac' },
      { code: 'fixed_ip', index: 1 },
      { code: 'fixed_ip_empty', index: 2 },
      { code: 'pair_address', index: 1 },
      { code: 'pair_mac', index: 1 },
    ]);
    expect(checkPort({ fixed_ips: [{ subnet_id: 's', ip_address: '10.0.0.5' }] })).toEqual([]);
  });
});
