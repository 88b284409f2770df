import { useCallback, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Image } from '@skydeck/contract';
import { shellQueries } from '../../data/shell';
import { imageQueries } from '../../data/glance/images';
import { visibilityLabel } from './imageRules';
import { useProjectNames } from '../../shared/projects/projectNames';

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
