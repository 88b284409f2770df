import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_FIELD } from '../../plugins/csrf';
import { serve } from '../serve';
import type { RouteDeps } from '../deps';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The page a sign-out link opened from elsewhere gets: one button that posts the sign-out
 * form (token in its field). No script and no inline style, so the strict CSP holds.
 */
const confirmPage = (webroot: string, token: string): string => {
  const root = escapeHtml(webroot);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign out</title></head>
<body>
<main>
<h1>Sign out</h1>
<p>Do you want to sign out of the dashboard?</p>
<form method="post" action="${root}auth/logout/">
<input type="hidden" name="${CSRF_FIELD}" value="${escapeHtml(token)}">
<button type="submit">Sign out</button>
<a href="${root}">Cancel</a>
</form>
</main>
</body>
</html>
`;
};

/**
 * GET and POST {webroot}auth/logout/ — revokes the token at Keystone (a failure there does not
 * keep anyone signed in), destroys the session and clears its cookie. POST (the web app) answers
 * 204; a form post, like a link, goes on to the login page (303).
 *
 * GET (a plain link) signs out only when the link was followed on this site's own pages or the
 * address was typed (Sec-Fetch-Site same-origin or none; without it, an Origin or Referer of
 * ours). A link on another site, or a browser that tells nothing, gets a page with a Sign out
 * button that posts the form (CSRF-checked), so no other site can sign anyone out unseen.
 */
export const logoutRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const webroot = deps.config.webroot;
  const loginPage = `${webroot}login`;

  const signOut = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await app.loadSession(request, reply);
    const session = request.session;
    if (session) {
      try {
        await app.openstackFor(session.token).keystone.revokeToken(session.token, {
          timeoutMs: 5_000,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'token revocation failed at logout');
      }
    }
    await reply.endSession();
  };

  serve(app, api['auth.logoutLink'], async (request, reply) => {
    if (!app.isOwnNavigation(request)) {
      return reply
        .type('text/html; charset=utf-8')
        .code(200)
        .send(confirmPage(webroot, reply.issueCsrfToken()));
    }
    await signOut(request, reply);
    return reply.redirect(loginPage, 303);
  });

  serve(app, api['auth.logout'], async (request, reply) => {
    await signOut(request, reply);
    // csrfFromForm: the token came in a form field, i.e. the confirmation page's button.
    if (request.csrfFromForm) return reply.redirect(loginPage, 303);
    return reply.code(204).send();
  });
};
