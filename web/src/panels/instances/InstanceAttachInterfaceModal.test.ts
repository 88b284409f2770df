import { describe, expect, it } from 'vitest';
import { attachBody } from './InstanceAttachInterfaceModal';

describe('attachBody', () => {
  it('is a network with an optional fixed IP, or a port, never both', () => {
    expect(attachBody('network', 'net', 'port', '')).toEqual({ network_id: 'net' });
    expect(attachBody('network', 'net', '', ' 10.0.0.9 ')).toEqual({
      network_id: 'net',
      fixed_ip: '10.0.0.9',
    });
    expect(attachBody('network', 'net', '', 'fd00::5')).toEqual({
      network_id: 'net',
      fixed_ip: 'fd00::5',
    });
    expect(attachBody('port', 'net', 'port', '10.0.0.9')).toEqual({ port_id: 'port' });
  });

  it('is incomplete without a choice or with an address that is none', () => {
    expect(attachBody('network', '', '', '')).toBeUndefined();
    expect(attachBody('port', 'net', '', '')).toBeUndefined();
    expect(attachBody('network', 'net', '', 'ten.0.0.1')).toBeUndefined();
  });
});
