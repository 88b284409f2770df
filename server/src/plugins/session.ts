import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isSecure, type SecureCookies } from './cookiePolicy';
import type { SessionData, SessionStore } from './sessionStore';

export const SESSION_COOKIE = 'sessionid';

export interface SessionPluginOptions {
  store: SessionStore;
  /** Idle timeout in seconds; capped by the token's expiry. */
  timeoutSeconds: number;
  cookiePath: string;
  secureCookies: SecureCookies;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's session, once loadSession ran; null when there is none. */
    session: SessionData | null;
    sessionId: string | null;
    /**
     * What this answer does to the sessionid cookie: a new id (startSession), null (cleared),
     * undefined (nothing). See browserSessionId.
     */
    sessionCookieChange: string | null | undefined;
  }
  interface FastifyReply {
    /** Starts a fresh session under a new id (the old one, if any, is destroyed). */
    startSession(data: SessionData): Promise<void>;
    /** Writes request.session back after a change (project or region switch). */
    saveSession(): Promise<void>;
    /** Destroys the session and clears its cookie. */
    endSession(): Promise<void>;
  }
  interface FastifyInstance {
    sessionStore: SessionStore;
    loadSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook: loads the session, answers 401 when there is none. */
    requireSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** Session ids (and the CSRF plugin's pre-session ids): 32 random bytes, base64url. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session id the browser holds once this answer is in: the one it set or cleared, else the
 * well-formed cookie the browser sent (live in the store or not). The CSRF token is bound to it.
 */
export const browserSessionId = (request: FastifyRequest): string | null => {
  if (request.sessionCookieChange !== undefined) return request.sessionCookieChange;
  const id = request.cookies[SESSION_COOKIE];
  return id && ID_PATTERN.test(id) ? id : null;
};

const plugin: FastifyPluginAsync<SessionPluginOptions> = async (app, options) => {
  const { store, timeoutSeconds } = options;

  const ttlFor = (data: SessionData): number =>
    Math.max(1, Math.min(timeoutSeconds, Math.floor((data.expiresAt - Date.now()) / 1000)));

  const cookieOptions = (request: FastifyRequest) =>
    ({
      path: options.cookiePath,
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure(options.secureCookies, request),
    }) as const;

  app.decorate('sessionStore', store);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionCookieChange', undefined);

  app.decorate('loadSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.sessionId !== null) return;
    const id = request.cookies[SESSION_COOKIE];
    if (!id || !ID_PATTERN.test(id)) return;
    // Every request restarts the idle timeout, in the same store call that reads the session
    // (GETEX in Redis): renewing it only now and then let a session expire before it had been
    // idle for the whole timeout. A token that dies sooner is caught just below.
    const data = await store.getAndTouch(id, timeoutSeconds);
    if (!data) return;
    if (data.expiresAt <= Date.now()) {
      // The token is dead, so is the session.
      await store.destroy(id);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      request.sessionCookieChange = null;
      return;
    }
    request.session = data;
    request.sessionId = id;
  });

  app.decorate('requireSession', async (request: FastifyRequest, reply: FastifyReply) => {
    await app.loadSession(request, reply);
    if (request.session === null) {
      await reply.code(401).send({ message: 'Unauthorized' });
    }
  });

  app.decorateReply('startSession', async function (this: FastifyReply, data: SessionData) {
    const request = this.request;
    const old = request.sessionId ?? request.cookies[SESSION_COOKIE];
    if (old) await store.destroy(old);
    const id = randomBytes(32).toString('base64url');
    await store.set(id, data, ttlFor(data));
    request.session = data;
    request.sessionId = id;
    this.setCookie(SESSION_COOKIE, id, cookieOptions(request));
    request.sessionCookieChange = id;
  });

  app.decorateReply('saveSession', async function (this: FastifyReply) {
    const { session, sessionId } = this.request;
    if (session && sessionId) await store.set(sessionId, session, ttlFor(session));
  });

  app.decorateReply('endSession', async function (this: FastifyReply) {
    const request = this.request;
    const id = request.sessionId ?? request.cookies[SESSION_COOKIE];
    if (id) await store.destroy(id);
    request.session = null;
    request.sessionId = null;
    this.clearCookie(SESSION_COOKIE, cookieOptions(request));
    request.sessionCookieChange = null;
  });

  app.addHook('onReady', async () => {
    await store.ready?.();
  });

  app.addHook('onClose', async () => {
    await store.close();
  });
};

export const session = fp(plugin, {
  name: 'skydeck-session',
  fastify: '5.x',
  dependencies: ['@fastify/cookie'],
});
