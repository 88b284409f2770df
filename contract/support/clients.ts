import { expect } from 'vitest';
import { OpenStackHttpError } from '@skydeck/openstack-client';

export interface ExpectedClientError {
  status: number;
  /** The catalog service the client names (`compute`, `image`, `volume`, `identity`). */
  service?: string;
  /** Keystone's title, Nova/Cinder's fault key, Neutron's type. */
  title?: string;
  /** A part of the upstream fault text the error carries. */
  message?: string | RegExp;
}

/**
 * The call fails with the client's OpenStackHttpError carrying the upstream status, service,
 * fault class and text: what the server maps to its own answers.
 */
export async function expectClientError(
  pending: Promise<unknown>,
  expected: ExpectedClientError,
): Promise<OpenStackHttpError> {
  const outcome = await pending.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  expect('error' in outcome, `expected a ${expected.status} error`).toBe(true);
  const error = 'error' in outcome ? outcome.error : undefined;
  expect(error).toBeInstanceOf(OpenStackHttpError);
  const http = error as OpenStackHttpError;
  expect(http.status).toBe(expected.status);
  if (expected.service !== undefined) expect(http.service).toBe(expected.service);
  if (expected.title !== undefined) expect(http.title).toBe(expected.title);
  if (typeof expected.message === 'string') expect(http.message).toContain(expected.message);
  else if (expected.message) expect(http.message).toMatch(expected.message);
  // The fault text, never the raw body: the server may show it to users.
  expect(http.message).not.toMatch(/^\s*[{<]/);
  return http;
}
