import type { ReactNode } from 'react';
import { Backdrop, Bullseye, Spinner } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';

/**
 * A blocking spinner while a modal's code or data loads. Not a PF Modal: a modal without a
 * focusable element makes its focus trap throw (the WaitSpinner and a ModalForm whose fields
 * have not rendered yet both hit that).
 */
export function ModalLoading(): ReactNode {
  const { t } = useTranslation();
  return (
    <Backdrop>
      <Bullseye>
        <Spinner aria-label={t('Loading')} />
      </Bullseye>
    </Backdrop>
  );
}
