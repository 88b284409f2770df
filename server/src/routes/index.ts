import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { authOptionsRoutes } from './auth/options';
import { loginRoutes } from './auth/login';
import { logoutRoutes } from './auth/logout';
import { switchRoutes } from './auth/switch';
import { bootstrapRoutes } from './api/bootstrap';
import { cinderMiscRoutes } from './api/cinder/misc';
import { cinderQuotaRoutes } from './api/cinder/quotasets';
import { volumeRoutes } from './api/cinder/volumes';
import { volumeActionRoutes } from './api/cinder/volumeActions';
import { backupRoutes } from './api/cinder/backups';
import { volumeSnapshotRoutes } from './api/cinder/volumesnapshots';
import { volumeTypeRoutes } from './api/cinder/volumetypes';
import { qosSpecRoutes } from './api/cinder/qosspecs';
import { imageRoutes } from './api/glance/images';
import { metadefRoutes } from './api/glance/metadefs';
import { imageUploadRoutes } from './api/glance/uploads';
import { keystoneApplicationCredentialRoutes } from './api/keystone/applicationCredentials';
import { keystoneDomainRoutes } from './api/keystone/domains';
import { keystoneGroupRoutes } from './api/keystone/groups';
import { keystoneProjectRoutes } from './api/keystone/projects';
import { keystoneSessionRoutes } from './api/keystone/session';
import { keystoneUserRoutes } from './api/keystone/users';
import { aggregateRoutes } from './api/nova/aggregates';
import { computeAdminRoutes } from './api/nova/computeAdmin';
import { flavorRoutes } from './api/nova/flavors';
import { keypairRoutes } from './api/nova/keypairs';
import { novaMiscRoutes } from './api/nova/misc';
import { usageRoutes } from './api/nova/usage';
import { heatStackRoutes } from './api/heat/stacks';
import { serverGroupRoutes } from './api/nova/servergroups';
import { serverRoutes } from './api/nova/servers';
import { launchRoutes } from './api/nova/launch';
import { serverActionRoutes } from './api/nova/serverActions';
import { serverLogRoutes } from './api/nova/serverLog';
import { volumeAttachmentRoutes } from './api/nova/volumeAttachments';
import { floatingIpRoutes } from './api/neutron/floatingips';
import { networkRoutes } from './api/neutron/networks';
import { portRoutes } from './api/neutron/ports';
import { qosRoutes } from './api/neutron/qos';
import { trunkRoutes } from './api/neutron/trunks';
import { routerRoutes } from './api/neutron/routers';
import { securityGroupRoutes } from './api/neutron/securitygroups';
import { subnetPoolRoutes } from './api/neutron/subnetpools';
import { subnetRoutes } from './api/neutron/subnets';
import { topologyRoutes } from './api/neutron/topology';
import { systemRoutes } from './api/system/system';
import { projectQuotaRoutes } from './api/system/projectQuotas';
import { policyRoutes } from './api/policy';
import { settingsRoutes } from './api/settings';
import { swiftContainerRoutes } from './api/swift/containers';
import { swiftObjectRoutes } from './api/swift/objects';
import type { RouteDeps } from './deps';
import { headerRoutes } from './header';

/** Every route plugin, by area. Adding a resource means adding one line here. */
const AUTH_ROUTES = [authOptionsRoutes, loginRoutes, logoutRoutes, switchRoutes];
const API_ROUTES = [
  bootstrapRoutes,
  settingsRoutes,
  policyRoutes,
  keystoneSessionRoutes,
  keystoneProjectRoutes,
  keystoneUserRoutes,
  keystoneDomainRoutes,
  keystoneApplicationCredentialRoutes,
  keystoneGroupRoutes,
  flavorRoutes,
  keypairRoutes,
  serverGroupRoutes,
  serverRoutes,
  launchRoutes,
  serverActionRoutes,
  serverLogRoutes,
  volumeAttachmentRoutes,
  novaMiscRoutes,
  usageRoutes,
  aggregateRoutes,
  computeAdminRoutes,
  imageRoutes,
  imageUploadRoutes,
  metadefRoutes,
  volumeRoutes,
  volumeActionRoutes,
  backupRoutes,
  volumeTypeRoutes,
  qosSpecRoutes,
  volumeSnapshotRoutes,
  cinderMiscRoutes,
  cinderQuotaRoutes,
  networkRoutes,
  subnetRoutes,
  subnetPoolRoutes,
  portRoutes,
  trunkRoutes,
  qosRoutes,
  securityGroupRoutes,
  swiftContainerRoutes,
  swiftObjectRoutes,
  routerRoutes,
  floatingIpRoutes,
  topologyRoutes,
  systemRoutes,
  projectQuotaRoutes,
  heatStackRoutes,
];

/** Answers carry the user's data: no browser or proxy may keep them (api/ and header/). */
const noStore: onRequestAsyncHookHandler = async (_request, reply) => {
  reply.header('cache-control', 'no-store');
};

/**
 * {webroot}auth/: CSRF on unsafe methods (JSON or form posts).
 * {webroot}api/: JSON only, X-Requested-With, CSRF on unsafe methods, and a session.
 */
export const registerRoutes = async (app: FastifyInstance, deps: RouteDeps): Promise<void> => {
  // The table's paths (/api/…, /auth/…) sit directly under the web root.
  const prefix = deps.config.webroot.replace(/\/$/, '');

  await app.register(
    async (auth) => {
      auth.addHook('onRequest', app.csrfProtection);
      auth.addHook('preValidation', app.csrfFormCheck);
      for (const routes of AUTH_ROUTES) await auth.register(routes, deps);
    },
    { prefix },
  );

  await app.register(
    async (api) => {
      api.removeContentTypeParser(['application/x-www-form-urlencoded', 'text/plain']);
      api.addHook('onRequest', noStore);
      api.addHook('onRequest', app.requireXhr);
      api.addHook('onRequest', app.csrfProtection);
      // No form field can carry the token here (bodies are JSON or streamed files), so a form
      // post without the X-CSRFToken header is refused.
      api.addHook('preValidation', app.csrfFormCheck);
      api.addHook('onRequest', app.requireSession);
      for (const routes of API_ROUTES) await api.register(routes, deps);
    },
    { prefix },
  );

  // {webroot}header/ (spec 1 §7): outside /api/, yet personal to a session like its answers.
  await app.register(
    async (header) => {
      header.addHook('onRequest', noStore);
      header.addHook('onRequest', app.requireSession);
      await header.register(headerRoutes, deps);
    },
    { prefix },
  );
};
