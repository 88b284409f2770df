import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { Project } from '@skydeck/contract';
import { TransferPicker } from '../TransferPicker/TransferPicker';

export interface ProjectAccessPickerProps {
  projects: readonly Project[];
  /** Ids of the projects allowed to use the flavor or volume type. */
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}

/** Projects moved between Available and Selected: who may use a private flavor or volume type. */
export function ProjectAccessPicker({
  projects,
  chosen,
  onChange,
}: ProjectAccessPickerProps): ReactNode {
  const { t } = useTranslation();
  // A project that no longer exists is still shown (by id) so it can be removed.
  const entries = useMemo(
    () => projects.map((p) => ({ id: p.id, name: p.name || p.id })),
    [projects],
  );
  return (
    <TransferPicker
      entries={entries}
      chosen={chosen}
      onChange={onChange}
      listMinHeight="12rem"
      labels={{
        available: t('Available projects'),
        selected: t('Selected projects'),
        addMarked: t('Add marked projects'),
        addAll: t('Add all projects'),
        removeAll: t('Remove all projects'),
        removeMarked: t('Remove marked projects'),
      }}
    />
  );
}
