import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  EmptyState,
  EmptyStateActions,
  EmptyStateBody,
  EmptyStateFooter,
  PageSection,
} from '@patternfly/react-core';
import SearchIcon from '@patternfly/react-icons/dist/esm/icons/search-icon';
import { HomeLink } from './HomeLink';

export function NotFoundPage(): ReactNode {
  const { t } = useTranslation();
  return (
    <PageSection isFilled>
      <EmptyState titleText={t('Page not found')} headingLevel="h1" icon={SearchIcon}>
        <EmptyStateBody>{t('The page you are looking for does not exist.')}</EmptyStateBody>
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
