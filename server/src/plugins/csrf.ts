import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE } from '@skydeck/contract';
import { isSecure, type SecureCookies } from './cookiePolicy';
import { ID_PATTERN, browserSessionId } from './session';

export interface CsrfPluginOptions {
  cookiePath: string;
  secureCookies: SecureCookies;
  /**
   * Origins other than this site's own whose pages may send unsafe requests
   * (SKYDECK_CSRF_TRUSTED_ORIGINS), e.g. a portal on a sibling host; normalised origins.
   */
  trustedOrigins?: readonly string[];
}

/** The form field a classic form post carries the token in. */
export const CSRF_FIELD = 'csrfmiddlewaretoken';
/**
 * HttpOnly random id that binds the token of a browser without a session (the login page);
 * see the plugin comment.
 */
export const PRESESSION_COOKIE = 'presessionid';
const HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ONE_YEAR_S = 365 * 24 * 3600;

type BindingKind = 'session' | 'presession';
interface Binding {
  kind: BindingKind;
  id: string;
}

/**
 * The CSRF token of a binding: an HMAC keyed by the binding's secret id (never readable by a
 * page: both cookies are HttpOnly), so no one without that id can make a token that passes, and
 * a token taken from one session is worthless in another.
 */
const tokenOf = (binding: Binding): string =>
  createHmac('sha256', binding.id).update(`skydeck csrf v1 ${binding.kind}`).digest('base64url');

/** The token a signed-in browser with this session id must send (tests build requests with it). */
export const csrfTokenForSession = (sessionId: string): string =>
  tokenOf({ kind: 'session', id: sessionId });

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Makes sure the browser ends up with the csrftoken cookie of its session (or, without one,
     * of a new pre-session id) and returns that token, e.g. for a form's hidden field.
     */
    issueCsrfToken(): string;
  }
  interface FastifyContextConfig {
    /** A GET of /api/ that our own pages may open as a link (requireXhr lets it through). */
    navigable?: boolean;
  }
  interface FastifyRequest {
    /** Set when the token must come from the parsed form body (checked in preValidation). */
    csrfFromForm: boolean;
  }
  interface FastifyInstance {
    /**
     * onRequest hook for /api/ and /auth/: unsafe methods must come from this site's own pages
     * and carry the token of the browser's session.
     */
    csrfProtection(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preValidation hook completing csrfProtection for form posts. */
    csrfFormCheck(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook for /api/: only the web app's XHR/fetch calls are served. */
    requireXhr(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * Whether a navigation (a GET) was started by this site's own pages or by the user (typed
     * address, bookmark): Sec-Fetch-Site, else Origin, else Referer; false when none says so.
     */
    isOwnNavigation(request: FastifyRequest): boolean;
  }
}

interface CsrfState {
  /** issueCsrfToken was called: the answer must leave a valid token in the browser. */
  wanted: boolean;
  /** The request passed through csrfProtection (an /api or /auth call). */
  checked: boolean;
  /** A pre-session id minted for this answer. */
  presession: string | null;
}

const sameToken = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const isForm = (request: FastifyRequest): boolean => {
  const type = request.headers['content-type'] ?? '';
  return (
    type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')
  );
};

const forbid = (reply: FastifyReply, message: string): FastifyReply =>
  reply.code(403).send({ message });

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The origin of a URL (or of an Origin header); null for 'null', opaque or unparsable ones. */
const originOf = (value: string): string | null => {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};

/** This site's origin as the browser sees it: x-forwarded-proto/-host count with trustProxy. */
const ownOrigin = (request: FastifyRequest): string | null =>
  originOf(`${request.protocol}://${request.host}`);

export const CROSS_SITE_MESSAGE =
  'CSRF verification failed: the request did not come from this site.';

/**
 * CSRF protection in three parts.
 *
 * 1. Origin. Every unsafe request (any method but GET, HEAD and OPTIONS) must come from this
 *    site's own pages: a browser's Origin header must be this site's origin (scheme and host as
 *    the browser used them, so behind a proxy the trust-proxy setting must let its
 *    x-forwarded-proto/-host through) or a configured trusted origin, and Sec-Fetch-Site must not
 *    say cross-site or same-site (a sibling host can plant cookies, so it is not trusted unless
 *    listed). A client that sends neither header is no browser a page could drive; then a
 *    Referer, if any, must be ours. The token check below applies either way.
 *
 * 2. A token bound to the session. The browser holds the token in the csrftoken cookie, which
 *    the web app reads and repeats in X-CSRFToken (or a form's csrfmiddlewaretoken field), as
 *    Django's double submit does. The token is not random but an HMAC keyed by the HttpOnly
 *    session id, so a matching cookie/header pair planted by another site or copied from another
 *    session does not pass. Before sign-in there is no session; the token is then bound the same
 *    way to a random HttpOnly pre-session id (the presessionid cookie), which sign-in and
 *    sign-out replace together with the session.
 *
 * 3. Delivery. Whenever an answer changes the session cookie (sign-in, sign-out, a dead token)
 *    or an /auth or /api answer finds the browser's csrftoken stale, it sets the right one, so
 *    the web app never has to fetch a token: it reads the cookie before each unsafe call.
 *
 * SameSite=Lax on every cookie is a further line.
 */
const plugin: FastifyPluginAsync<CsrfPluginOptions> = async (app, options) => {
  const trusted = new Set(
    (options.trustedOrigins ?? []).map(originOf).filter((o): o is string => o !== null),
  );
  const states = new WeakMap<FastifyRequest, CsrfState>();
  const stateOf = (request: FastifyRequest): CsrfState => {
    let state = states.get(request);
    if (!state) {
      state = { wanted: false, checked: false, presession: null };
      states.set(request, state);
    }
    return state;
  };

  const cookieOptions = (request: FastifyRequest, httpOnly: boolean) =>
    ({
      path: options.cookiePath,
      httpOnly,
      sameSite: 'lax',
      secure: isSecure(options.secureCookies, request),
      maxAge: ONE_YEAR_S,
    }) as const;

  /** What the browser's token is bound to once this answer is in (see the plugin comment). */
  const bindingOf = (request: FastifyRequest): Binding | null => {
    const sessionId = browserSessionId(request);
    if (sessionId) return { kind: 'session', id: sessionId };
    const minted = stateOf(request).presession;
    if (minted) return { kind: 'presession', id: minted };
    const presession = request.cookies[PRESESSION_COOKIE];
    return presession && ID_PATTERN.test(presession)
      ? { kind: 'presession', id: presession }
      : null;
  };

  const mintPresession = (reply: FastifyReply): Binding => {
    const id = randomBytes(32).toString('base64url');
    stateOf(reply.request).presession = id;
    reply.setCookie(PRESESSION_COOKIE, id, cookieOptions(reply.request, true));
    return { kind: 'presession', id };
  };

  const tokenPasses = (request: FastifyRequest, candidate: string): boolean => {
    const binding = bindingOf(request);
    return binding !== null && sameToken(candidate, tokenOf(binding));
  };

  const isTrusted = (value: string | undefined, own: string | null): boolean | undefined => {
    if (value === undefined) return undefined;
    const origin = originOf(value);
    return origin !== null && (origin === own || trusted.has(origin));
  };

  /** Whether an unsafe request may have come from one of this site's (or a trusted) pages. */
  const fromOurPages = (request: FastifyRequest): boolean => {
    const own = ownOrigin(request);
    const origin = headerOf(request, 'origin');
    const site = headerOf(request, 'sec-fetch-site');
    if (origin !== undefined) {
      const parsed = originOf(origin);
      // An operator-listed origin may be same-site or cross-site: its Sec-Fetch-Site says so.
      if (parsed !== null && trusted.has(parsed)) return true;
      if (parsed === null || parsed !== own) return false;
    }
    if (site === 'cross-site' || site === 'same-site') return false;
    if (origin === undefined && site === undefined) {
      // No browser of this decade leaves both out of a POST: a script or CLI client. A Referer,
      // when it sends one, still has to be ours.
      return isTrusted(headerOf(request, 'referer'), own) ?? true;
    }
    return true;
  };

  app.decorateRequest('csrfFromForm', false);

  app.decorateReply('issueCsrfToken', function (this: FastifyReply): string {
    stateOf(this.request).wanted = true;
    return tokenOf(bindingOf(this.request) ?? mintPresession(this));
  });

  app.decorate('csrfProtection', async (request: FastifyRequest, reply: FastifyReply) => {
    stateOf(request).checked = true;
    if (SAFE_METHODS.has(request.method)) return;
    if (!fromOurPages(request)) {
      request.log.warn(
        {
          origin: headerOf(request, 'origin'),
          secFetchSite: headerOf(request, 'sec-fetch-site'),
          ownOrigin: ownOrigin(request),
        },
        'unsafe request from another site refused (behind a proxy, check SKYDECK_TRUST_PROXY; ' +
          'for other sites, SKYDECK_CSRF_TRUSTED_ORIGINS)',
      );
      await forbid(reply, CROSS_SITE_MESSAGE);
      return;
    }
    if (!request.cookies[CSRF_COOKIE]) {
      await forbid(reply, 'CSRF verification failed: the csrftoken cookie is missing.');
      return;
    }
    const header = headerOf(request, HEADER);
    if (header !== undefined && header !== '') {
      if (!tokenPasses(request, header)) {
        await forbid(reply, 'CSRF verification failed: the CSRF token is incorrect.');
      }
      return;
    }
    if (isForm(request)) {
      request.csrfFromForm = true;
      return;
    }
    await forbid(reply, 'CSRF verification failed: the X-CSRFToken header is missing.');
  });

  app.decorate('csrfFormCheck', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.csrfFromForm) return;
    const body = request.body as Record<string, unknown> | undefined;
    const field = body?.[CSRF_FIELD];
    if (typeof field !== 'string' || field === '') {
      await forbid(reply, 'CSRF verification failed: the CSRF token is missing.');
    } else if (!tokenPasses(request, field)) {
      await forbid(reply, 'CSRF verification failed: the CSRF token is incorrect.');
    }
  });

  app.decorate('requireXhr', async (request: FastifyRequest, reply: FastifyReply) => {
    // A route that a link of ours opens (an object's download or view, streamed into the
    // browser's own download rather than held in the page) takes a GET navigation started on
    // our pages or typed in; one from another site is still refused.
    const navigable = request.routeOptions.config.navigable === true;
    if (navigable && request.method === 'GET' && app.isOwnNavigation(request)) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      await forbid(reply, 'API requests must carry the header X-Requested-With: XMLHttpRequest.');
    }
  });

  app.decorate('isOwnNavigation', (request: FastifyRequest): boolean => {
    const own = ownOrigin(request);
    const site = headerOf(request, 'sec-fetch-site');
    const referer = headerOf(request, 'referer');
    // 'none': the user typed the address or used a bookmark.
    if (site === 'same-origin' || site === 'none') return true;
    if (site !== undefined) return referer !== undefined && isTrusted(referer, null) === true;
    return isTrusted(headerOf(request, 'origin') ?? referer, own) ?? false;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = stateOf(request);
    const changed = request.sessionCookieChange !== undefined;
    const held = request.cookies[CSRF_COOKIE];
    // Static files and pages that never asked for a token get no cookie.
    if (!state.wanted && !changed && !(state.checked && held !== undefined)) return payload;
    // Signed out (or a dead token): a fresh pre-session id, never the one from before sign-in.
    if (request.sessionCookieChange === null && state.presession === null) mintPresession(reply);
    const token = tokenOf(bindingOf(request) ?? mintPresession(reply));
    if (held !== token) reply.setCookie(CSRF_COOKIE, token, cookieOptions(request, false));
    return payload;
  });
};

export const csrf = fp(plugin, {
  name: 'skydeck-csrf',
  fastify: '5.x',
  dependencies: ['@fastify/cookie', 'skydeck-session'],
});
