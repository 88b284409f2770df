import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Navigate } from 'react-router';
import type { ManifestEntry } from '../registry/types';
import { useRequirements } from '../api/permissions';
import { PageSpinner } from './AppLayout';
import { NotAuthorizedPage } from './NotAuthorizedPage';
import { usePanelAccess } from './usePanelAccess';

type Panel = ManifestEntry['panels'][number];

interface PanelRouteProps {
  manifest: readonly ManifestEntry[];
  entry: ManifestEntry;
  panel: Panel;
  /**
   * The panel itself (a ResourcePanel or a PagePanel): the route brings it, so a page's route
   * loads no table code and a table's no page code.
   */
  children: ReactNode;
}

/** A panel page, shown only when the sidebar would list it (a typed URL is no way around policy). */
export function PanelRoute({ manifest, entry, panel, children }: PanelRouteProps): ReactNode {
  const { t } = useTranslation();
  const { loading, panels } = usePanelAccess(manifest);
  // Whether this region's catalog has the panel's services at all (e.g. no image service).
  const services = [...entry.requires, ...(panel.requires ?? [])].filter(
    (r) => r.kind === 'service',
  );
  const offered = useRequirements([{ requirements: services }]);
  if (loading || offered.loading) return <PageSpinner />;
  if (!panels.some((ref) => ref.panel.path === panel.path)) {
    // A service this region lacks (after a region switch): the first panel it has. Otherwise the
    // panel exists but this user may not see it, which is said as such.
    return offered.allowed[0] ? <NotAuthorizedPage /> : <Navigate to="/" replace />;
  }
  return (
    <>
      <title>{`${t(panel.title)} - ${t('Skydeck')}`}</title>
      {children}
    </>
  );
}
