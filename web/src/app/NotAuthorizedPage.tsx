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
import LockIcon from '@patternfly/react-icons/dist/esm/icons/lock-icon';
import { HomeLink } from './HomeLink';

/** A panel that exists but that this user's role may not see: said so, not "Page not found". */
export function NotAuthorizedPage(): ReactNode {
  const { t } = useTranslation();
  return (
    <PageSection isFilled>
      <EmptyState
        titleText={t('You are not authorized to see this page')}
        headingLevel="h1"
        icon={LockIcon}
      >
        <EmptyStateBody>
          {t('Your role in this project does not allow it. Ask an administrator for access.')}
        </EmptyStateBody>
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
