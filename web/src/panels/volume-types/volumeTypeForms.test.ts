import { describe, expect, it } from 'vitest';
import { accessChanges, encryptionBody, parseSpecLines, specLines } from './volumeTypeForms';
import { keyValueColumnText } from './qosText';

describe('volume type form helpers', () => {
  it('reads key=value lines, skipping blank ones, and names the first bad line', () => {
    expect(parseSpecLines('a=1\n\n b = two words \nc=')).toEqual({
      specs: { a: '1', b: 'two words', c: '' },
    });
    expect(parseSpecLines('a=1\nnokey\n')).toEqual({ error: 2 });
    expect(parseSpecLines('=v')).toEqual({ error: 1 });
    expect(specLines({ a: '1', b: '2' })).toBe('a=1\nb=2');
  });

  it('turns one access list into grants and revocations', () => {
    expect(accessChanges(['p1', 'p2'], ['p2', 'p3'])).toEqual({ add: ['p3'], remove: ['p1'] });
    expect(accessChanges([], [])).toEqual({ add: [], remove: [] });
  });

  it('sends an empty cipher and key size as the provider default', () => {
    expect(
      encryptionBody({ provider: ' luks ', controlLocation: 'front-end', cipher: '', keySize: '' }),
    ).toEqual({ provider: 'luks', control_location: 'front-end', cipher: null, key_size: null });
    expect(
      encryptionBody({
        provider: 'plain',
        controlLocation: 'back-end',
        cipher: 'aes',
        keySize: 256,
      }),
    ).toEqual({ provider: 'plain', control_location: 'back-end', cipher: 'aes', key_size: 256 });
  });

  it('shows QoS specs in key order', () => {
    expect(keyValueColumnText({ b: '2', a: '1' })).toBe('a=1, b=2');
  });
});
