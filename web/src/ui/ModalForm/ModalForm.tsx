import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  Alert,
  Button,
  Form,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
} from '@patternfly/react-core';
import { asActionResult } from './asActionResult';
import type { ActionResult } from '../../registry/types';
import { submitOutcome } from './submitOutcome';

export interface ModalFormProps {
  title: string;
  /** The submit button's label, e.g. "Create Key Pair". */
  submitLabel: string;
  /**
   * Runs the submission (usually `mutateAsync`). Resolving closes the modal with the result;
   * throwing an ApiError 4xx or FormError keeps it open with the message above the fields.
   */
  /** May resolve to an ActionResult (spec 2 §4 "After an action"); anything else counts as none. */
  onSubmit: () => unknown;
  onClose: (result?: ActionResult) => void;
  /** False disables the submit button (spec 1 §4: no submit while invalid). */
  isValid?: boolean;
  description?: ReactNode;
  variant?: 'small' | 'medium' | 'large';
  /** Submit button style; "danger" for destructive forms. */
  submitVariant?: 'primary' | 'danger';
  children: ReactNode;
}

/**
 * The frame of every modal form: title, fields, Cancel and submit. The backdrop is static;
 * Escape and Cancel close it. While the submit runs the button is disabled with a spinner.
 */
export function ModalForm({
  title,
  submitLabel,
  onSubmit,
  onClose,
  isValid = true,
  description,
  variant = 'medium',
  submitVariant = 'primary',
  children,
}: ModalFormProps): ReactNode {
  const { t } = useTranslation();
  const rawId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const formId = `modal-form-${rawId}`;
  const titleId = `${formId}-title`;
  const cancelId = `${formId}-cancel`;
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string>();

  const submit = async (event?: FormEvent): Promise<void> => {
    event?.preventDefault();
    if (submitting || !isValid) return;
    setSubmitting(true);
    setFormError(undefined);
    try {
      const result = await onSubmit();
      onClose(asActionResult(result));
    } catch (error) {
      const outcome = submitOutcome(error);
      if (outcome.kind === 'inline') {
        setFormError(outcome.message);
        setSubmitting(false);
      } else {
        onClose();
      }
    }
  };

  return (
    <Modal
      isOpen
      variant={variant}
      onClose={() => onClose()}
      aria-labelledby={titleId}
      // The first field in document order, or Cancel while no field has rendered yet (one still
      // loading): a selector matching nothing makes the focus trap throw.
      elementToFocus={[
        `#${formId} input:not([type=hidden])`,
        `#${formId} select`,
        `#${formId} textarea`,
        `#${cancelId}`,
      ].join(', ')}
    >
      <ModalHeader title={title} labelId={titleId} description={description} />
      <ModalBody>
        <Form id={formId} onSubmit={(event) => void submit(event)} noValidate>
          {formError && <Alert variant="danger" isInline title={formError} role="alert" />}
          {children}
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button
          type="submit"
          form={formId}
          variant={submitVariant}
          isDisabled={!isValid || submitting}
          isLoading={submitting}
          spinnerAriaValueText={submitting ? t('Loading') : undefined}
        >
          {submitLabel}
        </Button>
        <Button id={cancelId} variant="link" onClick={() => onClose()}>
          {t('Cancel')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
