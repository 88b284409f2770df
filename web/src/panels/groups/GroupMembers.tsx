import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { Spinner } from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import type { KeystoneGroup } from '@skydeck/contract';
import { groupQueries } from '../../data/keystone/groups';

/** The details page's Group Members tab: the users in the group. */
export function GroupMembers({ group }: { group: KeystoneGroup }): ReactNode {
  const { t } = useTranslation();
  const members = useQuery(groupQueries.members(group.id));
  if (members.isPending) return <Spinner size="lg" aria-label={t('Loading')} />;
  const items = members.data ?? [];
  if (items.length === 0) return <p>{t('No members.')}</p>;
  return (
    <Table aria-label={t('Group Members')} variant="compact">
      <Thead>
        <Tr>
          <Th>{t('User Name')}</Th>
          <Th>{t('Email')}</Th>
          <Th>{t('User ID')}</Th>
          <Th>{t('Enabled')}</Th>
        </Tr>
      </Thead>
      <Tbody>
        {items.map((u) => (
          <Tr key={u.id}>
            <Td dataLabel={t('User Name')}>{u.name}</Td>
            <Td dataLabel={t('Email')}>{u.email ?? ''}</Td>
            <Td dataLabel={t('User ID')}>{u.id}</Td>
            <Td dataLabel={t('Enabled')}>{u.enabled ? t('Yes') : t('No')}</Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
