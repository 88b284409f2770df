import type { FastifyReply, FastifyRequest } from 'fastify';

export interface Ref {
  readonly id: string;
  readonly name: string;
}

/** What a validated token says about its caller, recomputed from the store on every use (as Fernet tokens are). */
export interface AuthContext {
  readonly tokenId: string;
  readonly methods: readonly string[];
  readonly user: Ref & { readonly domain: Ref; readonly password_expires_at: string | null };
  readonly project?: Ref & { readonly domain: Ref };
  readonly domain?: Ref;
  /** `all` for a system-scoped token. */
  readonly system?: 'all';
  /** Effective roles on the scope, implied roles included. */
  readonly roles: readonly Ref[];
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  readonly auditIds: readonly string[];
}

export type TokenResolver = (tokenId: string) => AuthContext | undefined;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on routes that need a token. */
    auth: AuthContext | null;
  }
}

/** keystonemiddleware's answer for a missing, invalid, expired or revoked token, whatever the service. */
export const KEYSTONE_UNAUTHORIZED_BODY = {
  error: {
    code: 401,
    title: 'Unauthorized',
    message: 'The request you have made requires authentication.',
  },
} as const;

/**
 * An onRequest hook validating X-Auth-Token the way keystonemiddleware does in front of a service.
 * `identityUri` is the public identity endpoint named in WWW-Authenticate. `reject` builds the
 * error for services that answer the 401 themselves (keystonemiddleware's delay_auth_decision);
 * it goes to the scope's error handler with the WWW-Authenticate value.
 */
export const authenticate =
  (
    resolve: TokenResolver,
    identityUri: (request: FastifyRequest) => string,
    reject?: (wwwAuthenticate: string) => Error,
  ) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers['x-auth-token'];
    const token = Array.isArray(header) ? header[0] : header;
    const auth = token ? resolve(token) : undefined;
    if (!auth) {
      const challenge = `Keystone uri="${identityUri(request)}"`;
      if (reject) throw reject(challenge);
      await reply
        .code(401)
        .header('WWW-Authenticate', challenge)
        .type('application/json')
        .send(KEYSTONE_UNAUTHORIZED_BODY);
      return;
    }
    request.auth = auth;
  };

/** The caller of a route behind `authenticate`. */
export const callerOf = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw new Error('route is not behind authenticate()');
  return request.auth;
};
