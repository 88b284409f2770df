import { describe, expect, it } from 'vitest';
import { addMember, defaultRoleId, removeMember, toggleRole } from './membership';

const roles = [
  { id: 'r-admin', name: 'admin' },
  { id: 'r-member', name: 'member' },
  { id: 'r-reader', name: 'reader' },
];

describe('membership drafts', () => {
  it('gives a new member the default role, member first', () => {
    expect(defaultRoleId(roles)).toBe('r-member');
    expect(
      defaultRoleId([
        { id: 'x', name: '_member_' },
        { id: 'a', name: 'admin' },
      ]),
    ).toBe('x');
    expect(defaultRoleId([{ id: 'a', name: 'admin' }])).toBe('a');
    expect(defaultRoleId([])).toBeUndefined();
    const added = addMember([], { id: 'u1', name: 'alice' }, 'r-member');
    expect(added).toEqual([{ user_id: 'u1', user_name: 'alice', role_ids: ['r-member'] }]);
    expect(addMember(added, { id: 'u1', name: 'alice' }, 'r-admin')).toEqual(added);
  });

  it('holds several roles per member, or none', () => {
    let members = addMember([], { id: 'u1', name: 'alice' }, 'r-member');
    members = toggleRole(members, 'u1', 'r-reader', true);
    expect(members[0]?.role_ids).toEqual(['r-member', 'r-reader']);
    members = toggleRole(toggleRole(members, 'u1', 'r-member', false), 'u1', 'r-reader', false);
    expect(members[0]?.role_ids).toEqual([]);
    expect(removeMember(members, 'u1')).toEqual([]);
  });
});
