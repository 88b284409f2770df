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
import type { ManifestEntry, PanelGroup, ResourceType } from '../../registry/types';
import { ResourceTable } from '../ResourceTable/ResourceTable';

type Panel = ManifestEntry['panels'][number];

// One load per type for the app's life: React's use() needs the same promise on every render.
const loads = new Map<string, Promise<ResourceType<unknown>>>();

/** The declaration of a manifest entry, loaded once (its code is a lazy chunk). */
export function loadResource(entry: ManifestEntry): Promise<ResourceType<unknown>> {
  let promise = loads.get(entry.type);
  if (!promise) {
    promise = entry.load();
    // A failed chunk load may succeed on the next visit.
    promise.catch(() => loads.delete(entry.type));
    loads.set(entry.type, promise);
  }
  return promise;
}

function PanelTable({ entry, panel }: ResourcePanelProps): ReactNode {
  const resource = use(loadResource(entry));
  return <ResourceTable resource={resource} scope={{ path: panel.path, group: panel.group }} />;
}

export interface ResourcePanelProps {
  entry: ManifestEntry;
  panel: Panel;
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
