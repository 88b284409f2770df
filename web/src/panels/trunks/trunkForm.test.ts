import { describe, expect, it } from 'vitest';
import type { Port, Trunk } from '@skydeck/contract';
import {
  draftsFor,
  duplicateVlan,
  isParentCandidate,
  isSubportCandidate,
  segmentationError,
  trunkCreateBody,
  trunkEditPair,
  trunkFormOf,
} from './trunkForm';

const t = (key: string): string => key;
const port = (over: Partial<Port>): Port => ({
  id: 'p',
  name: '',
  description: '',
  network_id: 'n',
  project_id: 'pr',
  status: 'DOWN',
  admin_state_up: true,
  mac_address: '',
  fixed_ips: [],
  device_id: '',
  device_owner: '',
  security_groups: [],
  allowed_address_pairs: [],
  ...over,
});

const trunk: Trunk = {
  id: 't1',
  name: 'tr',
  name_or_id: 'tr',
  description: '',
  project_id: 'pr',
  port_id: 'parent',
  status: 'DOWN',
  admin_state_up: true,
  admin_state: 'UP',
  sub_ports: [{ port_id: 's1', segmentation_type: 'vlan', segmentation_id: 10 }],
  subport_count: 1,
};

describe('trunk form', () => {
  it('offers parents and subports by spec 2 §5', () => {
    expect(isParentCandidate(port({ device_owner: 'compute:nova' }))).toBe(true);
    expect(isParentCandidate(port({ device_owner: 'network:dhcp' }))).toBe(false);
    expect(isParentCandidate(port({ trunk_id: 'x' }))).toBe(false);
    expect(isParentCandidate(port({ admin_state_up: false }))).toBe(false);
    expect(isSubportCandidate(port({}))).toBe(true);
    expect(isSubportCandidate(port({ device_owner: 'compute:nova' }))).toBe(false);
  });

  it('takes VLAN ids 1 to 4094, none for inherit, and names a repeated id', () => {
    const vlan = (id: string) => ({
      port_id: 'a',
      segmentation_type: 'vlan' as const,
      segmentation_id: id,
    });
    expect(segmentationError(vlan('1'), t)).toBeUndefined();
    expect(segmentationError(vlan('4094'), t)).toBeUndefined();
    expect(segmentationError(vlan('4095'), t)).toBeDefined();
    expect(segmentationError(vlan('0'), t)).toBeDefined();
    expect(segmentationError(vlan(''), t)).toBeDefined();
    expect(segmentationError({ ...vlan(''), segmentation_type: 'inherit' }, t)).toBeUndefined();
    expect(duplicateVlan([vlan('5'), vlan('6'), vlan('5')])).toBe('5');
    expect(
      duplicateVlan([vlan('5'), { ...vlan('5'), segmentation_type: 'inherit' }]),
    ).toBeUndefined();
  });

  it('builds the create body and the edit pair', () => {
    expect(
      trunkCreateBody({
        name: ' t ',
        description: '',
        admin_state_up: true,
        parent: ['pp'],
        subports: [{ port_id: 's', segmentation_type: 'vlan', segmentation_id: '7' }],
      }),
    ).toEqual({
      name: 't',
      description: '',
      admin_state_up: true,
      port_id: 'pp',
      sub_ports: [{ port_id: 's', segmentation_type: 'vlan', segmentation_id: 7 }],
    });
    const v = trunkFormOf(trunk);
    const [before, after] = trunkEditPair(trunk, {
      ...v,
      subports: [
        ...v.subports,
        { port_id: 's2', segmentation_type: 'inherit', segmentation_id: '' },
      ],
    });
    expect(before.sub_ports).toEqual([
      { port_id: 's1', segmentation_type: 'vlan', segmentation_id: 10 },
    ]);
    expect(after.sub_ports).toHaveLength(2);
  });

  it('keeps drafts of allocated ports in order, new ones as VLANs', () => {
    const kept = { port_id: 'a', segmentation_type: 'inherit' as const, segmentation_id: '' };
    expect(draftsFor(['b', 'a'], [kept])).toEqual([
      { port_id: 'b', segmentation_type: 'vlan', segmentation_id: '' },
      kept,
    ]);
  });
});
