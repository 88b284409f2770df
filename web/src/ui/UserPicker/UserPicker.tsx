import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { SearchInput, Spinner, Title } from '@patternfly/react-core';
import type { KeystoneUser } from '@skydeck/contract';
import { USER_SEARCH_DELAY_MS, userQueries } from '../../data/keystone/users';
import { PersonList } from './PersonList';

/** The search text, settled once the user paused typing (spec 1 §9). */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), USER_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * "All Users" of a membership editor (a project's members, a group's): users found by name,
 * searched by the server once typing pauses, each with an Add button; `exclude` (the members
 * already chosen) are left out.
 */
export function UserPicker({
  exclude,
  onAdd,
}: {
  exclude: ReadonlySet<string>;
  onAdd: (user: KeystoneUser) => void;
}): ReactNode {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const settled = useSettled(search.trim());
  const found = useQuery(userQueries.search(settled));
  const candidates = (found.data?.items ?? []).filter((u) => !exclude.has(u.id));
  return (
    <>
      <Title headingLevel="h3" size="md">
        {t('All Users')}
      </Title>
      <SearchInput
        aria-label={t('Filter users by name')}
        placeholder={t('Filter')}
        value={search}
        onChange={(_e, value) => setSearch(value)}
        onClear={() => setSearch('')}
      />
      {found.isFetching && <Spinner size="md" aria-label={t('Loading')} />}
      <PersonList label={t('All Users')} people={candidates} kind="add" onAction={onAdd} />
      {!found.isFetching && candidates.length === 0 && <p>{t('No users found.')}</p>}
    </>
  );
}
