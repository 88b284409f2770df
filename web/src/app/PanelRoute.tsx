import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { ManifestEntry } from '../registry/types';
import { ResourcePanel } from '../ui/ResourcePanel/ResourcePanel';
import { PageSpinner } from './AppLayout';
import { usePanelAccess } from './usePanelAccess';

type Panel = ManifestEntry['panels'][number];

interface PanelRouteProps {
  manifest: readonly ManifestEntry[];
  entry: ManifestEntry;
  panel: Panel;
}

/** A panel page, shown only when the sidebar would list it (a typed URL is no way around policy). */
export function PanelRoute({ manifest, entry, panel }: PanelRouteProps): ReactNode {
  const { t } = useTranslation();
  const { loading, panels } = usePanelAccess(manifest);
  if (loading) return <PageSpinner />;
  if (!panels.some((ref) => ref.panel.path === panel.path)) {
    return <Navigate to="/not_found" replace />;
  }
  return (
    <>
      <title>{`${t(panel.title)} - ${t('Skydeck')}`}</title>
      <ResourcePanel entry={entry} panel={panel} />
    </>
  );
}
