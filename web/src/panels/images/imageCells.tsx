import type { ReactNode } from 'react';
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
export function ProjectName({ id }: { id: string | null }): ReactNode {
  const mayList = useAllowed([LIST_PROJECTS]) === true;
  const all = useQuery({ ...projectQueries.list(), enabled: mayList });
  const mine = useQuery(projectQueries.mine());
  if (!id) return null;
  const projects = mayList ? all.data : mine.data?.items;
  return projects?.find((p) => p.id === id)?.name ?? id;
}

/** The visibility label, which depends on whose project the image is (spec 2 §3). */
export function VisibilityText({ image }: { image: Image }): ReactNode {
  const { t } = useTranslation();
  const session = useQuery(shellQueries.session());
  const version = useQuery(imageQueries.version());
  return t(visibilityLabel(image, session.data?.project_id, version.data?.version ?? 2));
}
