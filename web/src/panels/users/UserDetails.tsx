import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { Spinner } from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import type { KeystoneUser } from '@skydeck/contract';
import { userQueries } from '../../data/keystone/users';

/** The user's role assignments: role, where (project, domain or system) and through which group. */
export function UserRoleAssignments({ user }: { user: KeystoneUser }): ReactNode {
  const { t } = useTranslation();
  const query = useQuery(userQueries.roleAssignments(user.id));
  if (query.isPending) return <Spinner size="lg" aria-label={t('Loading')} />;
  const items = query.data ?? [];
  if (items.length === 0) return <p>{t('No role assignments.')}</p>;
  const kind = (k: 'project' | 'domain' | 'system'): string =>
    k === 'project' ? t('Project') : k === 'domain' ? t('Domain') : t('System');
  return (
    <Table aria-label={t('Role Assignments')} variant="compact">
      <Thead>
        <Tr>
          <Th>{t('Role')}</Th>
          <Th>{t('Scope')}</Th>
          <Th>{t('Group')}</Th>
        </Tr>
      </Thead>
      <Tbody>
        {items.map((a) => (
          <Tr key={`${a.role.id} ${a.scope.kind} ${a.scope.id} ${a.group?.id ?? ''}`}>
            <Td dataLabel={t('Role')}>{a.role.name}</Td>
            <Td dataLabel={t('Scope')}>{`${kind(a.scope.kind)}: ${a.scope.name}`}</Td>
            <Td dataLabel={t('Group')}>{a.group?.name ?? '-'}</Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}

/** The groups the user belongs to. */
export function UserGroups({ user }: { user: KeystoneUser }): ReactNode {
  const { t } = useTranslation();
  const query = useQuery(userQueries.groups(user.id));
  if (query.isPending) return <Spinner size="lg" aria-label={t('Loading')} />;
  const items = query.data ?? [];
  if (items.length === 0) return <p>{t('The user belongs to no group.')}</p>;
  return (
    <Table aria-label={t('Groups')} variant="compact">
      <Thead>
        <Tr>
          <Th>{t('Name')}</Th>
          <Th>{t('Description')}</Th>
          <Th>{t('ID')}</Th>
        </Tr>
      </Thead>
      <Tbody>
        {items.map((g) => (
          <Tr key={g.id}>
            <Td dataLabel={t('Name')}>{g.name}</Td>
            <Td dataLabel={t('Description')}>{g.description ?? ''}</Td>
            <Td dataLabel={t('ID')}>{g.id}</Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
