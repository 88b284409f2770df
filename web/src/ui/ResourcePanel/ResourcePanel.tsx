import { Suspense, use, type ReactNode } from 'react';
import {
  Breadcrumb,
  BreadcrumbItem,
  Bullseye,
  PageSection,
  Spinner,
  Title,
} from '@patternfly/react-core';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg';
import { loadedResource, loadResource } from '../../registry/loadResource';
import type { PanelDecl, PanelGroup, ResourceEntry } from '../../registry/types';
import { ResourceTable } from '../ResourceTable/ResourceTable';

// Re-exported for the details route and the panel test kit, which load declarations too.
export { loadResource };

function PanelTable({ entry, panel }: ResourcePanelProps): ReactNode {
  // The panel's route loads the declaration before it renders (app/routes.tsx): read it as it
  // is, so the boundary below never shows its fallback and React never throttles the reveal.
  const resource = loadedResource(entry) ?? use(loadResource(entry));
  return (
    <ResourceTable
      resource={resource}
      scope={{
        path: panel.path,
        group: panel.group,
        names: entry.names,
        home: entry.panels[0]?.path,
      }}
    />
  );
}

export interface ResourcePanelProps {
  entry: ResourceEntry;
  panel: PanelDecl;
}

/** The dashboard a panel belongs to, as the sidebar names it. */
const GROUP_NAMES: Record<PanelGroup, string> = {
  project: msg('Project'),
  admin: msg('Admin'),
  identity: msg('Identity'),
};

/**
 * A registry panel page: the title at once, the table when the declaration has loaded. The
 * breadcrumb names the dashboard, so Project › Images and Admin › Images are told apart.
 */
export function ResourcePanel({ entry, panel }: ResourcePanelProps): ReactNode {
  const { t } = useTranslation();
  return (
    <PageSection aria-label={t(panel.title)}>
      <Breadcrumb>
        <BreadcrumbItem>{t(GROUP_NAMES[panel.group])}</BreadcrumbItem>
        <BreadcrumbItem isActive>{t(panel.title)}</BreadcrumbItem>
      </Breadcrumb>
      <Title headingLevel="h1">{t(panel.title)}</Title>
      <Suspense
        fallback={
          <Bullseye>
            <Spinner aria-label={t('Loading')} />
          </Bullseye>
        }
      >
        <PanelTable entry={entry} panel={panel} />
      </Suspense>
    </PageSection>
  );
}
