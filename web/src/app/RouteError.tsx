import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { useRouteError } from 'react-router';
import { Bullseye, Button } from '@patternfly/react-core';
import { GENERIC_ERROR_MESSAGE } from '../api/errors';

/**
 * A route that failed to load or render (e.g. a chunk gone after a redeploy). Deliberately
 * small and eager: it is part of the first page load and must not need another chunk.
 */
export function RouteError(): ReactNode {
  const { t } = useTranslation();
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <Bullseye>
      <div role="alert">
        <h1>{t(GENERIC_ERROR_MESSAGE)}</h1>
        <Button variant="primary" onClick={() => window.location.reload()}>
          {t('Reload')}
        </Button>
      </div>
    </Bullseye>
  );
}
