import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE } from '@skydeck/contract';
import { isSecure, type SecureCookies } from './cookiePolicy';

export interface CsrfPluginOptions {
  cookiePath: string;
  secureCookies: SecureCookies;
}

/** The form field a classic form post carries the token in. */
export const CSRF_FIELD = 'csrfmiddlewaretoken';
const HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ONE_YEAR_S = 365 * 24 * 3600;

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Sets the csrftoken cookie when the browser has none (or always, with rotate) and returns
     * the token now in force.
     */
    issueCsrfToken(rotate?: boolean): string;
  }
  interface FastifyRequest {
    /** Set when the token must come from the parsed form body (checked in preValidation). */
    csrfFromForm: boolean;
  }
  interface FastifyInstance {
    /** onRequest hook for /api/ and /auth/: double-submit check on unsafe methods. */
    csrfProtection(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preValidation hook completing csrfProtection for form posts. */
    csrfFormCheck(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook for /api/: only the web app's XHR/fetch calls are served. */
    requireXhr(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
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

/**
 * Double-submit CSRF protection as Django does it: the browser holds a random token in a cookie
 * readable by the page, and every unsafe request repeats it in X-CSRFToken (or in the
 * csrfmiddlewaretoken form field). A cross-site page can make the browser send the cookie but
 * cannot read it to fill the header. SameSite=Lax on both cookies is the second line.
 */
const plugin: FastifyPluginAsync<CsrfPluginOptions> = async (app, options) => {
  app.decorateRequest('csrfFromForm', false);

  app.decorateReply('issueCsrfToken', function (this: FastifyReply, rotate = false): string {
    const current = this.request.cookies[CSRF_COOKIE];
    if (current && !rotate) return current;
    const token = randomBytes(32).toString('base64url');
    this.setCookie(CSRF_COOKIE, token, {
      path: options.cookiePath,
      httpOnly: false,
      sameSite: 'lax',
      secure: isSecure(options.secureCookies, this.request),
      maxAge: ONE_YEAR_S,
    });
    return token;
  });

  app.decorate('csrfProtection', async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) {
      await forbid(reply, 'CSRF verification failed: the csrftoken cookie is missing.');
      return;
    }
    const header = request.headers[HEADER];
    if (typeof header === 'string' && header !== '') {
      if (!sameToken(header, cookie)) {
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
    const cookie = request.cookies[CSRF_COOKIE] ?? '';
    const body = request.body as Record<string, unknown> | undefined;
    const field = body?.[CSRF_FIELD];
    if (typeof field !== 'string' || field === '') {
      await forbid(reply, 'CSRF verification failed: the CSRF token is missing.');
    } else if (!sameToken(field, cookie)) {
      await forbid(reply, 'CSRF verification failed: the CSRF token is incorrect.');
    }
  });

  app.decorate('requireXhr', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      await forbid(reply, 'API requests must carry the header X-Requested-With: XMLHttpRequest.');
    }
  });
};

export const csrf = fp(plugin, {
  name: 'skydeck-csrf',
  fastify: '5.x',
  dependencies: ['@fastify/cookie'],
});
