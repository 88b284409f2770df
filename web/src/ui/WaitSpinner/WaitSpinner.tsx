import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Flex, FlexItem, Modal, ModalBody, Spinner } from '@patternfly/react-core';

export interface WaitSpinnerProps {
  isOpen: boolean;
  /** Default "Loading". */
  text?: string;
}

/** A blocking "Loading" overlay (spec 1 §4, spec 2 §2): no close button, static backdrop. */
export function WaitSpinner({ isOpen, text }: WaitSpinnerProps): ReactNode {
  const { t } = useTranslation();
  const label = text ?? t('Loading');
  return (
    <Modal isOpen={isOpen} variant="small" aria-label={label} width="auto">
      <ModalBody>
        <Flex alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapMd' }}>
          <Spinner size="lg" aria-hidden="true" />
          <FlexItem role="status">{label}</FlexItem>
        </Flex>
      </ModalBody>
    </Modal>
  );
}
