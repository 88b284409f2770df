import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Image } from '@skydeck/contract';
import { shellQueries } from '../../data/shell';
import { imageQueries } from '../../data/glance/images';
import { visibilityLabel } from './imageRules';
import { projectQueries } from '../../data/keystone/projects';

/** The owner's project name (spec 2 §2), its id while names load or when they cannot be read. */
export function ProjectName({ id }: { id: string | null }): ReactNode {
  const projects = useQuery(projectQueries.list());
  if (!id) return null;
  return projects.data?.find((p) => p.id === id)?.name ?? id;
}

/** The visibility label, which depends on whose project the image is (spec 2 §3). */
export function VisibilityText({ image }: { image: Image }): ReactNode {
  const { t } = useTranslation();
  const session = useQuery(shellQueries.session());
  const version = useQuery(imageQueries.version());
  return t(visibilityLabel(image, session.data?.project_id, version.data?.version ?? 2));
}
