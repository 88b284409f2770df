import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { Label, LabelGroup, Spinner } from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import type { Project } from '@skydeck/contract';
import { projectQueries } from '../../data/keystone/projects';

/** The details page's Members tab: each user with a role on the project, and the roles. */
export function ProjectMembers({ project }: { project: Project }): ReactNode {
  const { t } = useTranslation();
  const members = useQuery(projectQueries.members(project.id));
  if (members.isPending) return <Spinner size="lg" aria-label={t('Loading')} />;
  const items = members.data ?? [];
  if (items.length === 0) return <p>{t('No members.')}</p>;
  return (
    <Table aria-label={t('Project Members')} variant="compact">
      <Thead>
        <Tr>
          <Th>{t('User Name')}</Th>
          <Th>{t('User ID')}</Th>
          <Th>{t('Roles')}</Th>
        </Tr>
      </Thead>
      <Tbody>
        {items.map((m) => (
          <Tr key={m.user_id}>
            <Td dataLabel={t('User Name')}>{m.user_name}</Td>
            <Td dataLabel={t('User ID')}>{m.user_id}</Td>
            <Td dataLabel={t('Roles')}>
              {m.roles.length === 0 ? (
                t('No roles')
              ) : (
                <LabelGroup>
                  {m.roles.map((r) => (
                    <Label key={r.id} isCompact>
                      {r.name}
                    </Label>
                  ))}
                </LabelGroup>
              )}
            </Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
