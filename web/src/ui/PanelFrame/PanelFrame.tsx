import { Suspense, type ReactNode } from 'react';
import {
  Breadcrumb,
  BreadcrumbItem,
  Bullseye,
  PageSection,
  Spinner,
  Title,
} from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import { msg } from '../../i18n/msg';
import type { PanelDecl, PanelGroup } from '../../registry/types';
import { u } from '../utilities/utilities';

/** The dashboard a panel belongs to, as the sidebar names it. */
const GROUP_NAMES: Record<PanelGroup, string> = {
  project: msg('Project'),
  admin: msg('Admin'),
  identity: msg('Identity'),
};

/**
 * What every panel page shows at once, table or page: the breadcrumb naming the dashboard (so
 * Project › Images and Admin › Images are told apart) and the title; then the body when its
 * code has loaded.
 */
export function PanelFrame({
  panel,
  children,
}: {
  panel: PanelDecl;
  children: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <PageSection aria-label={t(panel.title)}>
      <Breadcrumb>
        <BreadcrumbItem>{t(GROUP_NAMES[panel.group])}</BreadcrumbItem>
        <BreadcrumbItem isActive>{t(panel.title)}</BreadcrumbItem>
      </Breadcrumb>
      <Title headingLevel="h1" className={u.mbMd}>
        {t(panel.title)}
      </Title>
      <Suspense
        fallback={
          <Bullseye>
            <Spinner aria-label={t('Loading')} />
          </Bullseye>
        }
      >
        {children}
      </Suspense>
    </PageSection>
  );
}
