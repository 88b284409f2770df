import { joinPath, raw } from './http';
import type { RawAnswer, RawOptions } from './http';
import type { Session } from './session';

/** The compute endpoint of the session's catalog (region and interface as the server uses). */
export function computeEndpoint(session: Session): string {
  return session.client.endpointFor('compute');
}

/** A raw call to Nova as this session's user, at a microversion (default: none, i.e. 2.1). */
export function nova(
  session: Session,
  method: string,
  path: string,
  version?: string,
  options: Omit<RawOptions, 'token' | 'computeVersion'> = {},
): Promise<RawAnswer> {
  return raw(method, joinPath(computeEndpoint(session), path), {
    ...options,
    token: session.token,
    computeVersion: version,
  });
}

/** Nova's MD5 fingerprint notation: 16 bytes, lower-case hex pairs joined by colons. */
export const MD5_FINGERPRINT = /^([0-9a-f]{2}:){15}[0-9a-f]{2}$/;
/** X.509 key pairs carry the certificate's SHA-1 fingerprint in the same notation. */
export const SHA1_FINGERPRINT = /^([0-9a-f]{2}:){19}[0-9a-f]{2}$/;
