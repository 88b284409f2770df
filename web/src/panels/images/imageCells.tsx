import { useCallback, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Image } from '@skydeck/contract';
import { shellQueries } from '../../data/shell';
import { imageQueries } from '../../data/glance/images';
import { visibilityLabel } from './imageRules';
import { LIST_PROJECTS, projectQueries } from '../../data/keystone/projects';
import { useAllowed } from '../../api/permissions';

/**
 * The owner's project name (spec 2 §2), its id while names load or when they cannot be read.
 * Every project's name when the user may list them; otherwise the user's own projects (already
 * loaded with the session), so a member's page never asks Keystone for what it would refuse.
 */
function useProjectNames(): (id: string | null) => string | null {
  const mayList = useAllowed([LIST_PROJECTS]) === true;
  const all = useQuery({ ...projectQueries.list(), enabled: mayList });
  const mine = useQuery(projectQueries.mine());
  const projects = mayList ? all.data : mine.data?.items;
  const names = useMemo(() => new Map(projects?.map((p) => [p.id, p.name])), [projects]);
  return useCallback((id) => (id ? (names.get(id) ?? id) : null), [names]);
}

export function ProjectName({ id }: { id: string | null }): ReactNode {
  return useProjectNames()(id);
}

/** The Owner column's cells (Column.useCell): the names are looked up once per table. */
export function useOwnerCell(): (image: Image) => ReactNode {
  const nameOf = useProjectNames();
  return useCallback((image: Image) => nameOf(image.owner), [nameOf]);
}

/** The visibility label, which depends on whose project the image is (spec 2 §3). */
function useVisibilityText(): (image: Image) => string {
  const { t } = useTranslation();
  const session = useQuery(shellQueries.session());
  const version = useQuery(imageQueries.version());
  const project = session.data?.project_id;
  const glance = version.data?.version ?? 2;
  return useCallback(
    (image: Image) => t(visibilityLabel(image, project, glance)),
    [t, project, glance],
  );
}

export function VisibilityText({ image }: { image: Image }): ReactNode {
  return useVisibilityText()(image);
}

/** The Visibility column's cells (Column.useCell): the session is read once per table. */
export const useVisibilityCell: () => (image: Image) => ReactNode = useVisibilityText;
