import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { VolumeType } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { ModalLoading } from '../../ui/ActionMenu/ModalLoading';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { NumberField } from '../../ui/fields/NumberField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { ProjectAccessPicker } from '../../ui/ProjectAccessPicker/ProjectAccessPicker';
import { projectQueries } from '../../data/keystone/projects';
import {
  qosSpecMutations,
  qosSpecQueries,
  volumeTypeMutations,
  volumeTypeQueries,
} from '../../data/cinder/volumeTypes';
import { accessChanges, encryptionBody, type EncryptionValues } from './volumeTypeForms';

interface TypeValues {
  name: string;
  description: string;
  isPublic: boolean;
}

function TypeForm({
  type,
  onClose,
}: {
  type?: VolumeType;
  onClose: ModalProps<unknown>['onClose'];
}): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(volumeTypeMutations.create);
  const update = useMutation(volumeTypeMutations.update);
  const form = useForm<TypeValues>(
    {
      name: type?.name ?? '',
      description: type?.description ?? '',
      isPublic: type?.is_public ?? true,
    },
    (v) => ({ name: v.name.trim() ? undefined : t('A name is required.') }),
  );
  const { values } = form;
  const title = type ? t('Edit Volume Type') : t('Create Volume Type');
  return (
    <ModalForm
      title={title}
      submitLabel={type ? t('Save') : t('Create Volume Type')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const body = {
          name: values.name.trim(),
          description: values.description,
          is_public: values.isPublic,
        };
        if (!type) {
          const created = await create.mutateAsync(body);
          return { created: [created.id] };
        }
        await update.mutateAsync({ id: type.id, body });
        return { updated: [type.id] };
      }}
    >
      <TextField label={t('Name')} isRequired maxLength={255} {...form.bind('name')} />
      <TextAreaField label={t('Description')} maxLength={255} {...form.bind('description')} />
      <CheckboxField
        label={t('Public')}
        checked={values.isPublic}
        onChange={(v) => form.setValue('isPublic', v)}
        description={t('A private type is usable only by the projects given access to it.')}
      />
    </ModalForm>
  );
}

export function CreateVolumeTypeModal({ onClose }: ModalProps<undefined>): ReactNode {
  return <TypeForm onClose={onClose} />;
}

export function EditVolumeTypeModal({ target, onClose }: ModalProps<VolumeType>): ReactNode {
  return <TypeForm type={target} onClose={onClose} />;
}

/** Create or update a type's encryption (Cinder refuses both while volumes use the type). */
export function EncryptionModal({ target, onClose }: ModalProps<VolumeType>): ReactNode {
  const { t } = useTranslation();
  const save = useMutation(volumeTypeMutations.setEncryption);
  const current = target.encryption;
  const form = useForm<EncryptionValues>(
    {
      provider: current?.provider ?? 'luks',
      controlLocation: current?.control_location === 'back-end' ? 'back-end' : 'front-end',
      cipher: current?.cipher ?? '',
      keySize: current?.key_size ?? '',
    },
    (v) => ({ provider: v.provider.trim() ? undefined : t('A provider is required.') }),
  );
  return (
    <ModalForm
      title={current ? t('Update Volume Type Encryption') : t('Create Volume Type Encryption')}
      description={t('Volume type: {{name}}', { name: target.name })}
      submitLabel={t('Save')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        await save.mutateAsync({ type: target, body: encryptionBody(form.values) });
        return { updated: [target.id] };
      }}
    >
      <TextField
        label={t('Provider')}
        isRequired
        maxLength={255}
        helperText={t('The format or class of the encryptor, e.g. luks or plain.')}
        {...form.bind('provider')}
      />
      <SelectField
        label={t('Control Location')}
        options={[
          { value: 'front-end', label: t('Front end (Nova)') },
          { value: 'back-end', label: t('Back end (the storage)') },
        ]}
        {...form.bind('controlLocation')}
        onChange={(v) =>
          form.setValue('controlLocation', v === 'back-end' ? 'back-end' : 'front-end')
        }
      />
      <TextField
        label={t('Cipher')}
        maxLength={255}
        helperText={t('e.g. aes-xts-plain64; empty: the provider default.')}
        {...form.bind('cipher')}
      />
      <NumberField label={t('Key Size (bits)')} min={0} step={1} {...form.bind('keySize')} />
    </ModalForm>
  );
}

function AccessForm({
  type,
  initial,
  onClose,
}: {
  type: VolumeType;
  initial: string[];
  onClose: ModalProps<VolumeType>['onClose'];
}): ReactNode {
  const { t } = useTranslation();
  const projects = useQuery(projectQueries.list());
  const update = useMutation(volumeTypeMutations.updateAccess);
  const [chosen, setChosen] = useState<string[]>(initial);
  if (projects.isPending) return <ModalLoading />;
  return (
    <ModalForm
      title={t('Manage Volume Type Access')}
      description={t('Projects allowed to use the volume type {{name}}', { name: type.name })}
      submitLabel={t('Save')}
      variant="large"
      onClose={onClose}
      onSubmit={async () => {
        await update.mutateAsync({ id: type.id, ...accessChanges(initial, chosen) });
        return { updated: [type.id] };
      }}
    >
      <ProjectAccessPicker projects={projects.data ?? []} chosen={chosen} onChange={setChosen} />
    </ModalForm>
  );
}

/** The projects given a private type: granted and revoked one by one, as Cinder takes them. */
export function VolumeTypeAccessModal({ target, onClose }: ModalProps<VolumeType>): ReactNode {
  const access = useQuery(volumeTypeQueries.access(target.id));
  if (!access.data) return <ModalLoading />;
  return <AccessForm type={target} initial={access.data} onClose={onClose} />;
}

/** Associates the type with one QoS spec, or none. */
export function QosAssociationModal({ target, onClose }: ModalProps<VolumeType>): ReactNode {
  const { t } = useTranslation();
  const specs = useQuery(qosSpecQueries.list());
  const associate = useMutation(qosSpecMutations.associate);
  const form = useForm({ spec: target.qos_specs_id ?? '' });
  if (specs.isPending) return <ModalLoading />;
  return (
    <ModalForm
      title={t('Manage QoS Spec Association')}
      description={t('Volume type: {{name}}', { name: target.name })}
      submitLabel={t('Save')}
      onClose={onClose}
      onSubmit={async () => {
        await associate.mutateAsync({ type: target, specId: form.values.spec || null });
        return { updated: [target.id] };
      }}
    >
      <SelectField
        label={t('QoS Spec')}
        options={[
          { value: '', label: t('None') },
          ...(specs.data ?? []).map((s) => ({ value: s.id, label: s.name })),
        ]}
        {...form.bind('spec')}
      />
    </ModalForm>
  );
}
