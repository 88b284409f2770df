import { Type } from 'typebox';
import { AuthOptions, LoginBody, SwitchProjectBody, SwitchRegionBody } from './auth';
import { Bootstrap } from './bootstrap';
import { NoContent } from './common';
import { UserSession } from './keystone/session';
import { PolicyAnswer, PolicyBatchAnswer, PolicyBatchBody, PolicyBody } from './policy';
import { route, routes } from './route';
import { Settings } from './settings';

/** {webroot}auth/… (spec 1 login, logout, project and region switch). */
export const authRoutes = routes('auth', {
  options: route({ method: 'GET', path: '/auth/options/', response: { 200: AuthOptions } }),
  /** JSON from the web app, or a classic form post. */
  login: route({
    method: 'POST',
    path: '/auth/login/',
    body: LoginBody,
    bodyKind: 'form',
    response: { 200: UserSession },
  }),
  /** 204 to the web app; a form post (the confirmation page's button) goes on to the login page. */
  logout: route({
    method: 'POST',
    path: '/auth/logout/',
    response: { 204: NoContent, 303: NoContent },
  }),
  /**
   * A plain link: signs out and sends the browser to the login page (303) when followed on this
   * site; from elsewhere, a text/html page whose button posts the sign-out (200).
   */
  logoutLink: route({
    method: 'GET',
    path: '/auth/logout/',
    response: { 200: Type.String(), 303: NoContent },
  }),
  switchProject: route({
    method: 'POST',
    path: '/auth/switch/',
    body: SwitchProjectBody,
    response: { 200: UserSession },
  }),
  switchRegion: route({
    method: 'POST',
    path: '/auth/switch-region/',
    body: SwitchRegionBody,
    response: { 200: UserSession },
  }),
});

/** /api/settings/ and /api/policy/ (spec 2 §7 "Policy, settings"), and the shell's bootstrap. */
export const shellApiRoutes = {
  ...routes('bootstrap', {
    get: route({ method: 'GET', path: '/api/bootstrap/', response: { 200: Bootstrap } }),
  }),
  ...routes('settings', {
    get: route({ method: 'GET', path: '/api/settings/', response: { 200: Settings } }),
  }),
  ...routes('policy', {
    check: route({
      method: 'POST',
      path: '/api/policy/',
      body: PolicyBody,
      response: { 200: PolicyAnswer },
    }),
    batch: route({
      method: 'POST',
      path: '/api/policy/batch/',
      body: PolicyBatchBody,
      response: { 200: PolicyBatchAnswer },
    }),
  }),
};
