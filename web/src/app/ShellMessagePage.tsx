import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import {
  Button,
  EmptyState,
  EmptyStateActions,
  EmptyStateBody,
  EmptyStateFooter,
  PageSection,
} from '@patternfly/react-core';
import type { Msg } from '../i18n/msg';
import { HomeLink } from './HomeLink';

/** A whole-page message of the shell (not found, not authorized) with a way home. */
export function ShellMessagePage({
  title,
  body,
  icon,
}: {
  title: Msg;
  body: Msg;
  icon: ComponentType;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <PageSection isFilled>
      <EmptyState titleText={t(title)} headingLevel="h1" icon={icon}>
        <EmptyStateBody>{t(body)}</EmptyStateBody>
        <EmptyStateFooter>
          <EmptyStateActions>
            <Button variant="primary" component={HomeLink}>
              {t('Go to the home page')}
            </Button>
          </EmptyStateActions>
        </EmptyStateFooter>
      </EmptyState>
    </PageSection>
  );
}
