import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Flex, FlexItem, Modal, ModalBody, Spinner } from '@patternfly/react-core';

export interface WaitSpinnerProps {
  isOpen: boolean;
  /** Default "Loading". */
  text?: string;
}

/**
 * A blocking "Loading" overlay (spec 1 §4, spec 2 §2): no close button, static backdrop.
 * It holds nothing to focus, so it has no focus trap (PF's would throw without a tabbable
 * node); the backdrop blocks the mouse and the page behind is hidden from assistive technology
 * while it shows.
 */
export function WaitSpinner({ isOpen, text }: WaitSpinnerProps): ReactNode {
  const { t } = useTranslation();
  const label = text ?? t('Loading');
  return (
    <Modal
      isOpen={isOpen}
      variant="small"
      aria-label={label}
      aria-busy="true"
      width="auto"
      disableFocusTrap
    >
      <ModalBody>
        <Flex alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapMd' }}>
          <Spinner size="lg" aria-hidden="true" />
          <FlexItem role="status">{label}</FlexItem>
        </Flex>
      </ModalBody>
    </Modal>
  );
}
