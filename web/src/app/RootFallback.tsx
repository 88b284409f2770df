import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Bullseye, Spinner } from '@patternfly/react-core';

/** What shows while the first route's code and data load. */
export function RootFallback(): ReactNode {
  const { t } = useTranslation();
  return (
    <Bullseye>
      <Spinner aria-label={t('Loading')} />
    </Bullseye>
  );
}
