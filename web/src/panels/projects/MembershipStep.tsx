import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import {
  Checkbox,
  DataList,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
  Flex,
  FlexItem,
  Label,
  Title,
} from '@patternfly/react-core';
import { roleQueries } from '../../data/keystone/users';
import { UserPicker } from '../../ui/UserPicker/UserPicker';
import { PersonAction } from '../../ui/UserPicker/PersonList';
import { SelectField } from '../../ui/fields/SelectField';
import { addMember, removeMember, toggleRole, type MemberDraft } from './membership';
import { u } from '../../ui/utilities/utilities';

export interface MembershipStepProps {
  members: MemberDraft[];
  onChange: (members: MemberDraft[]) => void;
  defaultRole: string;
  onDefaultRoleChange: (roleId: string) => void;
}

/**
 * The Membership step (spec 1 §6): users found by name on the left, added with the default
 * role; members on the right, each with any number of roles ("No roles" when none).
 */
export function MembershipStep({
  members,
  onChange,
  defaultRole,
  onDefaultRoleChange,
}: MembershipStepProps): ReactNode {
  const { t } = useTranslation();
  const roles = useQuery(roleQueries.list());
  const memberIds = new Set(members.map((m) => m.user_id));
  const roleList = [...(roles.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Flex direction={{ default: 'column' }} gap={{ default: 'gapMd' }}>
      <SelectField
        label={t('Default role')}
        value={defaultRole}
        onChange={onDefaultRoleChange}
        options={roleList.map((r) => ({ value: r.id, label: r.name }))}
        helperText={t('The role a user gets when added as a member.')}
      />
      <Flex gap={{ default: 'gapLg' }} alignItems={{ default: 'alignItemsFlexStart' }}>
        <FlexItem flex={{ default: 'flex_1' }}>
          <UserPicker
            exclude={memberIds}
            onAdd={(user) => onChange(addMember(members, user, defaultRole || undefined))}
          />
        </FlexItem>
        <FlexItem flex={{ default: 'flex_2' }}>
          <Title headingLevel="h3" size="md">
            {t('Project Members')}
          </Title>
          {members.length === 0 && <p>{t('No members.')}</p>}
          <DataList aria-label={t('Project Members')} isCompact>
            {members.map((member) => (
              <DataListItem key={member.user_id} aria-labelledby={`mem-${member.user_id}`}>
                <DataListItemRow>
                  <DataListItemCells
                    dataListCells={[
                      <DataListCell key="name" width={1}>
                        <span id={`mem-${member.user_id}`}>{member.user_name}</span>
                        {member.role_ids.length === 0 && (
                          <Label isCompact className={u.mlSm}>
                            {t('No roles')}
                          </Label>
                        )}
                      </DataListCell>,
                      <DataListCell key="roles" width={3}>
                        <Flex gap={{ default: 'gapSm' }}>
                          {roleList.map((role) => (
                            <Checkbox
                              key={role.id}
                              id={`role-${member.user_id}-${role.id}`}
                              label={role.name}
                              aria-label={t('{{role}} role of {{name}}', {
                                role: role.name,
                                name: member.user_name,
                              })}
                              isChecked={member.role_ids.includes(role.id)}
                              onChange={(_e, on) =>
                                onChange(toggleRole(members, member.user_id, role.id, on))
                              }
                            />
                          ))}
                        </Flex>
                      </DataListCell>,
                    ]}
                  />
                  <PersonAction
                    person={{ id: member.user_id, name: member.user_name }}
                    nameId={`mem-${member.user_id}`}
                    kind="remove"
                    onClick={() => onChange(removeMember(members, member.user_id))}
                  />
                </DataListItemRow>
              </DataListItem>
            ))}
          </DataList>
        </FlexItem>
      </Flex>
    </Flex>
  );
}
