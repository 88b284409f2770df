import { ProjectList, ProjectListQuery } from './projects';
import { KeystoneVersion, ServiceCatalog, UserSession } from './session';
import { route, routes } from '../route';

/** /api/keystone/… (spec 2 §7 "Identity"). */
export const keystoneRoutes = {
  ...routes('keystone', {
    version: route({
      method: 'GET',
      path: '/api/keystone/version/',
      response: { 200: KeystoneVersion },
    }),
    userSession: route({
      method: 'GET',
      path: '/api/keystone/user-session/',
      response: { 200: UserSession },
    }),
    catalog: route({
      method: 'GET',
      path: '/api/keystone/svc-catalog/',
      response: { 200: ServiceCatalog },
    }),
  }),
  ...routes('keystone.projects', {
    list: route({
      method: 'GET',
      path: '/api/keystone/projects/',
      query: ProjectListQuery,
      response: { 200: ProjectList },
    }),
  }),
};
