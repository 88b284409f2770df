import { expect } from 'vitest';
import { joinPath, raw } from './http';
import type { RawAnswer, RawOptions } from './http';
import type { Session } from './session';

/** A raw call to a catalog service (by type) as this session's user. */
export function call(
  session: Session,
  type: string,
  method: string,
  path: string,
  options: Omit<RawOptions, 'token'> = {},
): Promise<RawAnswer> {
  const endpoint = session.client.endpointFor(type);
  return raw(method, path === '' ? endpoint : joinPath(endpoint, path), {
    ...options,
    token: session.token,
  });
}

/** Polls until `done` holds for the answer, or fails after `timeoutMs`. */
export async function waitFor(
  read: () => Promise<RawAnswer>,
  done: (answer: RawAnswer) => boolean,
  { timeoutMs = 60_000, intervalMs = 500, label = 'condition' } = {},
): Promise<RawAnswer> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline) {
      expect.fail(
        `${label} not reached in ${timeoutMs} ms; last answer ${JSON.stringify(last.body)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    last = await read();
  }
  return last;
}

/** A random UUID no cloud holds, for 404 checks. */
export const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
