import { describe, expect, it } from 'vitest';
import { cidrText, mergeRanges, parseCidr, rangesToCidrs, subtractRanges } from './ipam';
import type { Cidr } from './ipam';

const cidrs = (...texts: string[]): Cidr[] => texts.map((t) => parseCidr(t) as Cidr);

describe('neutron IP sets (netaddr IPSet semantics)', () => {
  it('merges overlapping and adjacent ranges into the fewest CIDRs', () => {
    const merged = mergeRanges(cidrs('10.1.0.0/16', '10.0.0.0/16', '10.0.5.0/24', '10.4.0.0/16'));
    expect(rangesToCidrs(4, merged).map(cidrText)).toEqual(['10.0.0.0/15', '10.4.0.0/16']);
    // 10.1/16 + 10.2/16 are adjacent but not one aligned block.
    const unaligned = mergeRanges(cidrs('10.1.0.0/16', '10.2.0.0/16'));
    expect(rangesToCidrs(4, unaligned).map(cidrText)).toEqual(['10.1.0.0/16', '10.2.0.0/16']);
    const v6 = mergeRanges(cidrs('fd00::/65', 'fd00:0:0:0:8000::/65'));
    expect(rangesToCidrs(6, v6).map(cidrText)).toEqual(['fd00::/64']);
  });

  it('subtracts a prefix from a bigger one, splitting it', () => {
    const left = subtractRanges(cidrs('10.0.0.0/15'), cidrs('10.0.128.0/17'));
    expect(rangesToCidrs(4, left).map(cidrText)).toEqual(['10.0.0.0/17', '10.1.0.0/16']);
    expect(subtractRanges(cidrs('10.0.0.0/24'), cidrs('10.0.0.0/16'))).toEqual([]);
    expect(rangesToCidrs(4, subtractRanges(cidrs('10.0.0.0/24'), cidrs('10.9.0.0/24')))).toEqual(
      cidrs('10.0.0.0/24'),
    );
  });
});
