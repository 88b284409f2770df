import { Type, type Static } from 'typebox';
import { ProjectList } from './keystone/projects';
import { ServiceCatalog, UserSession } from './keystone/session';
import { Settings } from './settings';

/**
 * GET /api/bootstrap/ — what the signed-in shell needs before its first page, in one answer
 * (foundation issue §5): the same values as GET /api/keystone/user-session/, /api/settings/,
 * /api/keystone/svc-catalog/ and /api/keystone/projects/?user=current, which stay for refetches.
 */
export const Bootstrap = Type.Object({
  session: UserSession,
  settings: Settings,
  catalog: ServiceCatalog,
  /** Left out when Keystone did not list them: the project switcher then asks on its own. */
  projects: Type.Optional(ProjectList),
});
export type Bootstrap = Static<typeof Bootstrap>;
