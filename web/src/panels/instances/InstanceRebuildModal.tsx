import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Image, Instance } from '@skydeck/contract';
import { imageQueries } from '../../data/glance/images';
import { serverActionMutations } from '../../data/nova/serverActions';
import type { ModalProps } from '../../registry/types';
import { ModalData } from '../../ui/ActionMenu/ModalData';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm, type FieldBinding } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';
import { DiskConfigField } from './DiskConfigField';
import { TextField } from '../../ui/fields/TextField';
import {
  passwordsMatch,
  rebuildBody,
  rebuildChoices,
  type RebuildValues,
} from './instanceActionRules';

/** The new password and its confirmation: alike but for their label (neither is required). */
function NewPasswordField({
  label,
  ...binding
}: { label: string } & FieldBinding<string>): ReactNode {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      maxLength={255}
      {...binding}
    />
  );
}

function RebuildForm({
  instance,
  images,
  onClose,
}: { instance: Instance; images: Image[] } & Pick<ModalProps<Instance>, 'onClose'>): ReactNode {
  const { t } = useTranslation();
  const act = useMutation(serverActionMutations.act);
  const choices = rebuildChoices(images);
  const form = useForm<RebuildValues>(
    { imageId: instance.image?.id ?? '', password: '', confirmPassword: '', diskConfig: 'AUTO' },
    (v) => ({
      imageId: v.imageId === '' ? t('This field is required.') : undefined,
      confirmPassword: passwordsMatch(v) ? undefined : t('Passwords do not match.'),
    }),
  );
  return (
    <ModalForm
      title={t('Rebuild Instance')}
      submitLabel={t('Rebuild Instance')}
      submitVariant="danger"
      description={t(
        'The instance is rebuilt from the image: everything on its root disk is replaced. Leave the password empty to let the cloud generate one.',
      )}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        await act.mutateAsync({ instance, body: rebuildBody(form.values) });
        return { updated: [instance.id] };
      }}
    >
      <SelectField
        label={t('Select Image')}
        isRequired
        placeholder={t('Select an image')}
        {...form.bind('imageId')}
        options={choices.map((img) => ({ value: img.id, label: img.name ?? img.id }))}
      />
      <NewPasswordField label={t('Rebuild Password')} {...form.bind('password')} />
      <NewPasswordField label={t('Confirm Rebuild Password')} {...form.bind('confirmPassword')} />
      <DiskConfigField
        value={form.values.diskConfig}
        onChange={(value) => form.setValue('diskConfig', value)}
      />
    </ModalForm>
  );
}

/** Rebuild Instance: image, password (twice) and disk partitioning. */
export function InstanceRebuildModal({ target, onClose }: ModalProps<Instance>): ReactNode {
  const images = useQuery(imageQueries.list({ status: 'active' }));
  return (
    <ModalData data={images.data} isError={images.isError} id={target.id} onClose={onClose}>
      {(list) => <RebuildForm instance={target} images={list} onClose={onClose} />}
    </ModalData>
  );
}
