import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { QuotaLimit } from '@skydeck/contract';
import type { AppMutationOptions } from '../../api/queryClient';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { TextField } from '../../ui/fields/TextField';
import { QUOTA_INVALID, QUOTA_LABELS, changedQuotas, parseQuota } from '../../data/quotas/rules';

export interface UpdateDefaultsModalProps {
  title: string;
  rows: readonly QuotaLimit[];
  update: AppMutationOptions<null, Record<string, number>>;
  onClose: () => void;
}

/** Update Defaults: every default limit of one service as a field; only changes are sent. */
export function UpdateDefaultsModal({
  title,
  rows,
  update,
  onClose,
}: UpdateDefaultsModalProps): ReactNode {
  const { t } = useTranslation();
  const save = useMutation(update);
  const form = useForm<Record<string, string>>(
    () => Object.fromEntries(rows.map((q) => [q.name, String(q.limit)])),
    (values) =>
      Object.fromEntries(
        Object.entries(values).map(([name, text]) => [
          name,
          parseQuota(text) === undefined ? t(QUOTA_INVALID) : undefined,
        ]),
      ),
  );
  return (
    <ModalForm
      title={title}
      submitLabel={t('Save')}
      isValid={form.isValid}
      description={t('The quotas every new project gets. -1 means unlimited.')}
      onClose={onClose}
      onSubmit={async () => {
        const body = changedQuotas(rows, form.values);
        if (body && Object.keys(body).length > 0) await save.mutateAsync(body);
      }}
    >
      {rows.map((q) => {
        const label = QUOTA_LABELS[q.name];
        return (
          <TextField
            key={q.name}
            label={label ? t(label) : q.name}
            isRequired
            {...form.bind(q.name)}
          />
        );
      })}
    </ModalForm>
  );
}
