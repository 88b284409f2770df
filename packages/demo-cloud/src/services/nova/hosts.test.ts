import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hostIdOf } from './hosts';

describe('hostIdOf', () => {
  it('is the sha224 of project and host, the same on a repeated (remembered) call', () => {
    const expected = createHash('sha224').update('p1host-a').digest('hex');
    expect(hostIdOf('p1', 'host-a')).toBe(expected);
    expect(hostIdOf('p1', 'host-a')).toBe(expected);
    expect(hostIdOf('p2', 'host-a')).not.toBe(expected);
    expect(hostIdOf('p1', 'host-b')).not.toBe(expected);
  });

  it('is empty for a server on no host', () => {
    expect(hostIdOf('p1', null)).toBe('');
    expect(hostIdOf('p1', '')).toBe('');
  });
});
