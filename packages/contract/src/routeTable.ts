import { cinderRoutes } from './cinder/routes';
import { glanceRoutes } from './glance/routes';
import { headerRoutes } from './header';
import { heatRoutes } from './heat/stacks';
import { applicationCredentialRoutes } from './keystone/applicationCredentials';
import { keystoneRoutes } from './keystone/routes';
import { novaComputeAdminRoutes } from './nova/computeAdmin';
import { neutronRoutes } from './neutron/routes';
import { neutronTopologyRoutes } from './neutron/topology';
import { novaRoutes } from './nova/routes';
import { novaUsageRoutes } from './nova/usage';
import { novaVolumeAttachmentRoutes } from './nova/volumeAttachments';
import type { RouteSpec } from './route';
import { swiftRoutes } from './swift/routes';
import { systemRoutes } from './system';
import { authRoutes, shellApiRoutes } from './shellRoutes';

/**
 * Every /api and /auth route of Skydeck, and header/ (spec 1 §7), by id (foundation issue §1).
 * The server registers one handler per entry (and a test fails on a route outside this table or
 * an entry without a handler); the web app ships only ids, methods and paths (see
 * web/tools/routePaths.ts).
 */
export const routeTable = {
  ...authRoutes,
  ...shellApiRoutes,
  ...keystoneRoutes,
  ...applicationCredentialRoutes,
  ...novaRoutes,
  ...novaComputeAdminRoutes,
  ...novaVolumeAttachmentRoutes,
  ...novaUsageRoutes,
  ...glanceRoutes,
  ...cinderRoutes,
  ...neutronRoutes,
  ...neutronTopologyRoutes,
  ...swiftRoutes,
  ...heatRoutes,
  ...systemRoutes,
  ...headerRoutes,
} satisfies Record<string, RouteSpec>;

export type RouteTable = typeof routeTable;
export type RouteId = keyof RouteTable;
