import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { QosSpec } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { qosSpecMutations } from '../../data/cinder/volumeTypes';
import { parseSpecLines, specLines } from './volumeTypeForms';

type Consumer = 'front-end' | 'back-end' | 'both';
const asConsumer = (v: string): Consumer => (v === 'front-end' || v === 'back-end' ? v : 'both');

interface QosValues {
  name: string;
  consumer: Consumer;
  specs: string;
}

function QosForm({
  spec,
  onClose,
}: {
  spec?: QosSpec;
  onClose: ModalProps<unknown>['onClose'];
}): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(qosSpecMutations.create);
  const update = useMutation(qosSpecMutations.update);
  const form = useForm<QosValues>(
    {
      name: spec?.name ?? '',
      consumer: spec ? asConsumer(spec.consumer) : 'back-end',
      specs: spec ? specLines(spec.specs) : '',
    },
    (v) => {
      const parsed = parseSpecLines(v.specs);
      return {
        name: v.name.trim() ? undefined : t('A name is required.'),
        specs:
          'error' in parsed
            ? t('Line {{line}} is not key=value.', { line: parsed.error })
            : Object.keys(parsed.specs).some((k) => k === 'name' || k === 'consumer')
              ? t('"name" and "consumer" cannot be spec keys.')
              : undefined,
      };
    },
  );
  const { values } = form;
  return (
    <ModalForm
      title={spec ? t('Edit QoS Spec') : t('Create QoS Spec')}
      submitLabel={spec ? t('Save') : t('Create QoS Spec')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const parsed = parseSpecLines(values.specs);
        const specs = 'specs' in parsed ? parsed.specs : {};
        if (!spec) {
          const created = await create.mutateAsync({
            name: values.name.trim(),
            consumer: values.consumer,
            specs,
          });
          return { created: [created.id] };
        }
        const removed = Object.keys(spec.specs).filter((k) => !(k in specs));
        await update.mutateAsync({
          spec,
          body: { consumer: values.consumer, specs, ...(removed.length > 0 && { removed }) },
        });
        return { updated: [spec.id] };
      }}
    >
      <TextField
        label={t('Name')}
        isRequired
        maxLength={255}
        isReadOnly={spec !== undefined}
        {...form.bind('name')}
      />
      <SelectField
        label={t('Consumer')}
        options={[
          { value: 'back-end', label: t('Back end') },
          { value: 'front-end', label: t('Front end') },
          { value: 'both', label: t('Both') },
        ]}
        {...form.bind('consumer')}
        onChange={(v) => form.setValue('consumer', asConsumer(v))}
      />
      <TextAreaField
        label={t('Specs')}
        rows={6}
        isCode
        placeholder="total_iops_sec=1000"
        helperText={t('One key=value per line.')}
        {...form.bind('specs')}
      />
    </ModalForm>
  );
}

export function CreateQosSpecModal({ onClose }: ModalProps<undefined>): ReactNode {
  return <QosForm onClose={onClose} />;
}

/** Edit the consumer and the keys (the name is fixed once created). */
export function EditQosSpecModal({ target, onClose }: ModalProps<QosSpec>): ReactNode {
  return <QosForm spec={target} onClose={onClose} />;
}
