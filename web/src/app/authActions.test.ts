import { describe, expect, it } from 'vitest';
import { loginPath, safeNext } from './authActions';

describe('safeNext', () => {
  it.each([
    ['/project/key_pairs?q=1', '/project/key_pairs?q=1'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/login?next=/x', '/'],
    ['/a\nb', '/'],
  ])('%s → %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  it('builds the login address with next', () => {
    expect(loginPath('/admin/flavors')).toBe('/login?next=%2Fadmin%2Fflavors');
    expect(loginPath('/')).toBe('/login');
  });
});
