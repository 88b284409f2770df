import type { ReactNode } from 'react';
import type { ActionResult } from '../../registry/types';
import { ModalForm } from '../ModalForm/ModalForm';

export interface ConfirmChangeModalProps {
  /** Title and confirm button: the action's own name ("Disable User"). */
  title: string;
  /** The question, with the item named ("Disable the user demo?"). */
  question: ReactNode;
  /** Runs the change; what it reports goes back to the table (refresh, highlight). */
  onConfirm: () => Promise<ActionResult>;
  onClose: (result?: ActionResult) => void;
}

/**
 * A small confirm-and-change dialog (enable/disable a project, user or domain, set or clear the
 * domain context): one question, one button named after the action; a failure stays in the
 * dialog as ModalForm shows it.
 */
export function ConfirmChangeModal({
  title,
  question,
  onConfirm,
  onClose,
}: ConfirmChangeModalProps): ReactNode {
  return (
    <ModalForm
      title={title}
      submitLabel={title}
      variant="small"
      onClose={onClose}
      onSubmit={onConfirm}
    >
      <p>{question}</p>
    </ModalForm>
  );
}
