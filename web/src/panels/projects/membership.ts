/** One member of the Membership step: a user and the roles it should hold on the project. */
export interface MemberDraft {
  user_id: string;
  user_name: string;
  role_ids: string[];
}

export { defaultRoleId } from '../../data/keystone/users';

/** Adds a user with the default role; a user already listed is left as it is. */
export function addMember(
  members: readonly MemberDraft[],
  user: { id: string; name: string },
  roleId: string | undefined,
): MemberDraft[] {
  if (members.some((m) => m.user_id === user.id)) return [...members];
  return [...members, { user_id: user.id, user_name: user.name, role_ids: roleId ? [roleId] : [] }];
}

/** Turns one role of one member on or off. */
export function toggleRole(
  members: readonly MemberDraft[],
  userId: string,
  roleId: string,
  on: boolean,
): MemberDraft[] {
  return members.map((m) => {
    if (m.user_id !== userId) return m;
    const without = m.role_ids.filter((r) => r !== roleId);
    return { ...m, role_ids: on ? [...without, roleId] : without };
  });
}

export function removeMember(members: readonly MemberDraft[], userId: string): MemberDraft[] {
  return members.filter((m) => m.user_id !== userId);
}
