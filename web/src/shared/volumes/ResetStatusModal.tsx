import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { ActionResult } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';

export interface ResetStatusModalProps<S extends string> {
  /** Translated title, e.g. "Update Volume Status". */
  title: string;
  /** Translated text saying what changes (only Cinder's record) and of what. */
  description: string;
  /** The item's id, reported as updated. */
  id: string;
  /** Its status now: not offered again. */
  current: string;
  /** The statuses Cinder's os-reset_status takes for this kind of item. */
  statuses: readonly S[];
  /** The reset (a mutation whose meta toasts and invalidates). */
  reset: (status: S) => Promise<unknown>;
  onClose: (result?: ActionResult) => void;
}

/**
 * An admin's status reset of a Cinder item (volume, backup): one required choice among the
 * statuses Cinder accepts, the current one left out. Nothing but the record changes.
 */
export function ResetStatusModal<S extends string>(props: ResetStatusModalProps<S>): ReactNode {
  const { t } = useTranslation();
  const form = useForm({ status: '' }, (v) => ({
    status: v.status === '' ? t('This field is required.') : undefined,
  }));
  return (
    <ModalForm
      title={props.title}
      submitLabel={t('Update Status')}
      description={props.description}
      isValid={form.isValid}
      onClose={props.onClose}
      onSubmit={async (): Promise<ActionResult | undefined> => {
        const status = props.statuses.find((s) => s === form.values.status);
        if (!status) return undefined;
        await props.reset(status);
        return { updated: [props.id] };
      }}
    >
      <SelectField
        label={t('Status')}
        isRequired
        placeholder={t('Select a new status')}
        options={props.statuses
          .filter((s) => s !== props.current)
          .map((s) => ({ value: s, label: s }))}
        {...form.bind('status')}
      />
    </ModalForm>
  );
}
