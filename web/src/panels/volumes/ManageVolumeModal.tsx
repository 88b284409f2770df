import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Volume, VolumeManageBody } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { volumeMutations, volumeQueries } from '../../data/cinder/volumes';

interface ManageValues {
  host: string;
  idType: VolumeManageBody['id_type'];
  identifier: string;
  name: string;
  description: string;
  volumeType: string;
  zone: string;
  bootable: boolean;
  metadata: string;
}

const START: ManageValues = {
  host: '',
  idType: 'source-name',
  identifier: '',
  name: '',
  description: '',
  volumeType: '',
  zone: '',
  bootable: false,
  metadata: '',
};

/** `key=value` lines as metadata; null when a non-empty line has no key. */
export const metadataOf = (text: string): Record<string, string> | null => {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const at = line.indexOf('=');
    const key = at < 0 ? '' : line.slice(0, at).trim();
    if (!key) return null;
    out[key] = line.slice(at + 1).trim();
  }
  return out;
};

/** The manage body: optional fields only when given. */
export const manageBody = (v: ManageValues): VolumeManageBody => ({
  host: v.host.trim(),
  id_type: v.idType,
  identifier: v.identifier.trim(),
  ...(v.name.trim() && { name: v.name.trim() }),
  ...(v.description.trim() && { description: v.description.trim() }),
  ...(v.volumeType && { volume_type: v.volumeType }),
  ...(v.zone && { availability_zone: v.zone }),
  bootable: v.bootable,
  ...(v.metadata.trim() && { metadata: metadataOf(v.metadata) ?? {} }),
});

/** Admin › Volumes › Manage Volume: adopt a volume that exists on a backend but not in Cinder. */
export function ManageVolumeModal({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const types = useQuery(volumeQueries.types());
  const zones = useQuery(volumeQueries.availabilityZones());
  const pools = useQuery(volumeQueries.pools());
  const manage = useMutation(volumeMutations.manage);
  const required = (s: string): string | undefined =>
    s.trim() ? undefined : t('This field is required.');
  const form = useForm(START, (v) => ({
    host: required(v.host),
    identifier: required(v.identifier),
    metadata: metadataOf(v.metadata) ? undefined : t('Each line is key=value.'),
  }));
  return (
    <ModalForm
      title={t('Manage Volume')}
      submitLabel={t('Manage')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const volume = await manage.mutateAsync(manageBody(form.values));
        return { created: [volume.id] };
      }}
    >
      {pools.isSuccess &&
      pools.data.length > 0 &&
      // A host typed while the pools were read stays as typed.
      (form.values.host === '' || pools.data.includes(form.values.host)) ? (
        <SelectField
          label={t('Host')}
          isRequired
          placeholder={t('Select a host')}
          options={pools.data.map((name) => ({ value: name, label: name }))}
          helperText={t('The Cinder volume host (with its pool) that holds the volume.')}
          {...form.bind('host')}
        />
      ) : (
        // The pools cannot be read (or are still being read): the host is typed in.
        <TextField
          label={t('Host')}
          isRequired
          maxLength={255}
          placeholder="host@backend#pool"
          helperText={t('The Cinder volume host (with its pool) that holds the volume.')}
          {...form.bind('host')}
        />
      )}
      <SelectField
        label={t('Identifier Type')}
        options={[
          { value: 'source-name', label: t('Name') },
          { value: 'source-id', label: t('ID') },
        ]}
        {...form.bind('idType')}
        onChange={(v) => form.setValue('idType', v === 'source-id' ? 'source-id' : 'source-name')}
      />
      <TextField
        label={t('Identifier')}
        isRequired
        maxLength={255}
        helperText={t('The name or ID of the volume on the backend.')}
        {...form.bind('identifier')}
      />
      <TextField label={t('Volume Name')} maxLength={255} {...form.bind('name')} />
      <TextAreaField label={t('Description')} maxLength={255} {...form.bind('description')} />
      <SelectField
        label={t('Volume Type')}
        placeholder={t('Default type')}
        options={(types.data ?? []).map((type) => ({ value: type.name, label: type.name }))}
        {...form.bind('volumeType')}
      />
      <SelectField
        label={t('Availability Zone')}
        placeholder={t('Any zone')}
        options={(zones.data ?? []).map((z) => ({ value: z.zoneName, label: z.zoneName }))}
        {...form.bind('zone')}
      />
      <CheckboxField
        label={t('Bootable')}
        checked={form.values.bootable}
        onChange={(v) => form.setValue('bootable', v)}
      />
      <TextAreaField
        label={t('Metadata')}
        rows={3}
        isCode
        helperText={t('One key=value per line.')}
        {...form.bind('metadata')}
      />
    </ModalForm>
  );
}

/** Unmanage Volume: a confirmation, since the volume leaves Skydeck (its data stays put). */
export function UnmanageVolumeModal({ target, onClose }: ModalProps<Volume>): ReactNode {
  const { t } = useTranslation();
  const unmanage = useMutation(volumeMutations.unmanage);
  return (
    <ModalForm
      title={t('Unmanage Volume')}
      submitLabel={t('Unmanage')}
      submitVariant="danger"
      onClose={onClose}
      onSubmit={async () => {
        await unmanage.mutateAsync(target);
        return { deleted: [target.id] };
      }}
    >
      <p>
        {t(
          'Cinder will no longer manage the volume "{{name}}"; its data stays on the backend, where Manage Volume can adopt it again.',
          { name: target.name || target.id },
        )}
      </p>
    </ModalForm>
  );
}
