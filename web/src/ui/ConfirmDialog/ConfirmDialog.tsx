import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  Button,
  Content,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
} from '@patternfly/react-core';

export interface ConfirmDialogProps {
  isOpen: boolean;
  /** The action being confirmed, e.g. "Delete Key Pair": title "Confirm {action}", button label. */
  action: string;
  /** Overrides "Confirm {action}". */
  title?: string;
  /** Text (rendered as text) or content; default "Please confirm your selection." */
  body?: ReactNode;
  /** Overrides the confirm button label (default: the action). */
  confirmLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The Confirm dialog of spec 1 §6. The backdrop is static (a click outside does nothing);
 * Escape and Cancel both cancel.
 */
export function ConfirmDialog({
  isOpen,
  action,
  title,
  body,
  confirmLabel,
  danger,
  onConfirm,
  onCancel,
}: ConfirmDialogProps): ReactNode {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal
      isOpen={isOpen}
      variant="small"
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      <ModalHeader title={title ?? t('Confirm {{action}}', { action })} labelId={titleId} />
      <ModalBody id={bodyId}>
        {typeof body === 'string' || body === undefined ? (
          <Content component="p">{body ?? t('Please confirm your selection.')}</Content>
        ) : (
          body
        )}
      </ModalBody>
      <ModalFooter>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmLabel ?? action}
        </Button>
        <Button variant="link" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
