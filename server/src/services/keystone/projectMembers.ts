import type { KeystoneClient } from '@skydeck/openstack-client';
import type { ProjectMember } from '@skydeck/contract';
import { mapLimit } from '../../lib/mapLimit';

/**
 * The users holding roles directly on a project, each with its roles by name: one
 * role-assignments call with names, not a call per member.
 */
export const listProjectMembers = async (
  keystone: KeystoneClient,
  projectId: string,
): Promise<ProjectMember[]> => {
  const assignments = await keystone.listRoleAssignments({
    'scope.project.id': projectId,
    include_names: true,
  });
  const members = new Map<string, ProjectMember>();
  for (const a of assignments) {
    if (!a.user || a.scope['OS-INHERIT:inherited_to']) continue;
    const member = members.get(a.user.id) ?? {
      user_id: a.user.id,
      user_name: a.user.name ?? a.user.id,
      roles: [],
    };
    member.roles.push({ id: a.role.id, name: a.role.name ?? a.role.id });
    members.set(a.user.id, member);
  }
  return [...members.values()].sort((a, b) => a.user_name.localeCompare(b.user_name));
};

/**
 * Makes the project's direct user members exactly `wanted`: grants what is missing, revokes
 * what is no longer wanted, a few calls at a time. Grants go first, so a failure half way never
 * leaves a member with fewer roles than both the old and the new membership gave.
 */
export const setProjectMembers = async (
  keystone: KeystoneClient,
  projectId: string,
  wanted: readonly { user_id: string; role_ids: readonly string[] }[],
): Promise<void> => {
  const current = await listProjectMembers(keystone, projectId);
  const has = new Set(current.flatMap((m) => m.roles.map((r) => `${m.user_id} ${r.id}`)));
  const want = new Set(wanted.flatMap((m) => m.role_ids.map((r) => `${m.user_id} ${r}`)));
  const grants = [...want].filter((k) => !has.has(k));
  const revokes = [...has].filter((k) => !want.has(k));
  const split = (k: string): [string, string] => {
    const [user, role] = k.split(' ');
    return [user ?? '', role ?? ''];
  };
  await mapLimit(grants, 4, async (k) => {
    const [user, role] = split(k);
    await keystone.grantProjectUserRole(projectId, user, role);
  });
  await mapLimit(revokes, 4, async (k) => {
    const [user, role] = split(k);
    await keystone.revokeProjectUserRole(projectId, user, role);
  });
};
