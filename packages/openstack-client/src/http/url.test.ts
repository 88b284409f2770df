import { describe, expect, it } from 'vitest';
import { InvalidPathSegmentError, buildQuery, joinUrl, urlPath, withQuery } from './url';

describe('urlPath', () => {
  it('encodes each interpolated value as one segment', () => {
    expect(urlPath`os-keypairs/${'my key/1?#%'}`).toBe('os-keypairs/my%20key%2F1%3F%23%25');
    expect(urlPath`flavors/${42}/os-extra_specs/${'hw:cpu_policy'}`).toBe(
      'flavors/42/os-extra_specs/hw%3Acpu_policy',
    );
  });

  it('refuses empty and dot segments', () => {
    expect(() => urlPath`os-keypairs/${''}`).toThrow(TypeError);
    expect(() => urlPath`os-keypairs/${'..'}`).toThrow(TypeError);
    expect(() => urlPath`os-keypairs/${'.'}`).toThrow(TypeError);
    expect(() => urlPath`os-keypairs/${'%2e%2E'}`).toThrow(TypeError);
    // A type of its own, so a server can answer it as the not-found it is.
    expect(() => urlPath`os-keypairs/${'.%2e'}`).toThrow(InvalidPathSegmentError);
    expect(() => urlPath`os-keypairs/${''}`).toThrow(InvalidPathSegmentError);
    expect(urlPath`os-keypairs/${'...'}`).toBe('os-keypairs/...');
  });
});

describe('joinUrl', () => {
  it('joins without doubling or losing slashes', () => {
    expect(joinUrl('http://h/compute/v2.1/', '/flavors')).toBe('http://h/compute/v2.1/flavors');
    expect(joinUrl('http://h/compute/v2.1', 'flavors')).toBe('http://h/compute/v2.1/flavors');
    expect(joinUrl('http://h/compute/v2.1')).toBe('http://h/compute/v2.1');
  });
});

describe('buildQuery', () => {
  it('repeats array keys, writes booleans, drops null and undefined', () => {
    expect(
      buildQuery({
        status: ['ACTIVE', 'ERROR'],
        is_public: false,
        all: true,
        a: undefined,
        b: null,
        n: 0,
      }),
    ).toBe('status=ACTIVE&status=ERROR&is_public=false&all=true&n=0');
  });

  it('escapes values', () => {
    expect(buildQuery({ name: 'a b&c=d+e' })).toBe('name=a+b%26c%3Dd%2Be');
  });

  it('appends to URLs with or without a query', () => {
    expect(withQuery('http://h/x', { a: 1 })).toBe('http://h/x?a=1');
    expect(withQuery('http://h/x?z=1', { a: 1 })).toBe('http://h/x?z=1&a=1');
    expect(withQuery('http://h/x', { a: undefined })).toBe('http://h/x');
  });
});
