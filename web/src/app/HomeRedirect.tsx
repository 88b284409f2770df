import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { detailsPath } from '../registry/defineResource';
import type { ManifestEntry, ResourceEntry } from '../registry/types';
import { PageSpinner } from './AppLayout';
import { usePanelAccess } from './usePanelAccess';

/** `/` opens the first panel the user may use. */
export function HomeRedirect({ manifest }: { manifest: readonly ManifestEntry[] }): ReactNode {
  const { loading, panels } = usePanelAccess(manifest);
  if (loading) return <PageSpinner />;
  const first = panels[0];
  return <Navigate to={first ? first.panel.path : '/not_found'} replace />;
}

/** Old item addresses (spec 2 §2, e.g. /project/key_pairs/{id}) → the generic details route. */
export function ItemRedirect({ entry, route }: { entry: ResourceEntry; route: string }): ReactNode {
  const params = useParams();
  const id = params.id ?? '';
  if (!id) return <Navigate to="/not_found" replace />;
  // Admin item routes keep the admin panel active in the sidebar (spec 2 §2 "nav=").
  const section = route.split('/')[1];
  const panel =
    entry.panels.length > 1
      ? entry.panels.find((p) => p.path.split('/')[1] === section)
      : undefined;
  return <Navigate to={detailsPath(entry.type, id, panel?.path)} replace />;
}
