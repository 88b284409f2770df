import { useRef, useState, type ReactNode } from 'react';
import { Alert, ClipboardCopy, Content } from '@patternfly/react-core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Volume, VolumeTransfer } from '@skydeck/contract';
import { volumeActionMutations, volumeQueries } from '../../data/cinder/volumes';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { NumberField } from '../../ui/fields/NumberField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { MetadataModal } from '../../ui/metadata/MetadataModal';
import { volumeQuota } from '../../shared/volumes/volumeQuota';
import { ResetStatusModal } from '../../shared/volumes/ResetStatusModal';
import {
  MIGRATION_POLICIES,
  UPLOAD_DISK_FORMATS,
  VOLUME_RESET_STATUSES,
} from '../../shared/volumes/volumeRules';

const nameOf = (v: Volume): string => v.name || v.id;

/** Edit Volume: name, description, bootable. */
export function EditVolumeModal({ target, onClose }: ModalProps<Volume>): ReactNode {
  const { t } = useTranslation();
  const update = useMutation(volumeActionMutations.update);
  const form = useForm({
    name: target.name ?? '',
    description: target.description ?? '',
    bootable: target.bootable,
  });
  return (
    <ModalForm
      title={t('Edit Volume')}
      submitLabel={t('Submit')}
      onClose={onClose}
      onSubmit={async () => {
        const v = form.values;
        await update.mutateAsync({
          volume: target,
          body: { name: v.name, description: v.description, bootable: v.bootable },
        });
        return { updated: [target.id] };
      }}
    >
      <TextField label={t('Volume Name')} maxLength={255} {...form.bind('name')} />
      <TextAreaField label={t('Description')} maxLength={255} {...form.bind('description')} />
      <CheckboxField
        label={t('Bootable')}
        description={t('Specifies that the volume can be used to launch an instance.')}
        checked={form.values.bootable}
        onChange={(x) => form.setValue('bootable', x)}
      />
    </ModalForm>
  );
}

/** Extend Volume: only larger, within the storage quota. */
export function ExtendVolumeModal({ target, onClose }: ModalProps<Volume>): ReactNode {
  const { t } = useTranslation();
  const extend = useMutation(volumeActionMutations.extend);
  const limits = useQuery(volumeQueries.limits()).data;
  const form = useForm<{ size: number | '' }>({ size: target.size + 1 }, (v) => {
    if (v.size === '' || v.size <= target.size) {
      return { size: t('The new size must be greater than the current size.') };
    }
    // Only the growth counts against the quota: the volume's current size is already used.
    if (volumeQuota(limits, v.size - target.size).storageOver) {
      return { size: t('The requested size exceeds the available storage quota.') };
    }
    return {};
  });
  return (
    <ModalForm
      title={t('Extend Volume')}
      submitLabel={t('Extend Volume')}
      description={t('Extend the size of volume "{{name}}".', { name: nameOf(target) })}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        await extend.mutateAsync({ volume: target, newSize: Number(form.values.size) });
        return { updated: [target.id] };
      }}
    >
      <TextField
        label={t('Current Size (GiB)')}
        value={String(target.size)}
        isReadOnly
        onChange={() => undefined}
      />
      <NumberField
        label={t('New Size (GiB)')}
        isRequired
        min={target.size + 1}
        {...form.bind('size')}
      />
    </ModalForm>
  );
}

const POLICY_LABELS: Record<(typeof MIGRATION_POLICIES)[number], string> = {
  never: 'Never',
  'on-demand': 'On Demand',
};

/** Change Volume Type, with the migration policy. */
export function RetypeVolumeModal({ target, onClose }: ModalProps<Volume>): ReactNode {
  const { t } = useTranslation();
  const retype = useMutation(volumeActionMutations.retype);
  const types = useQuery(volumeQueries.types()).data ?? [];
  const form = useForm(
    { type: '', policy: 'never' as (typeof MIGRATION_POLICIES)[number] },
    (v) => ({ type: v.type === '' ? t('This field is required.') : undefined }),
  );
  return (
    <ModalForm
      title={t('Change Volume Type')}
      submitLabel={t('Change Volume Type')}
      description={t('Volume "{{name}}" is of type "{{type}}".', {
        name: nameOf(target),
        type: target.volume_type ?? '-',
      })}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        await retype.mutateAsync({
          volume: target,
          body: { new_type: form.values.type, migration_policy: form.values.policy },
        });
        return { updated: [target.id] };
      }}
    >
      <SelectField
        label={t('Type')}
        isRequired
        placeholder={t('Select a volume type')}
        options={types
          .filter((x) => x.name !== target.volume_type)
          .map((x) => ({ value: x.name, label: x.name }))}
        {...form.bind('type')}
      />
      <SelectField
        label={t('Migration Policy')}
        options={MIGRATION_POLICIES.map((p) => ({ value: p, label: t(POLICY_LABELS[p]) }))}
        value={form.values.policy}
        onChange={(x) => form.setValue('policy', x === 'on-demand' ? 'on-demand' : 'never')}
      />
    </ModalForm>
  );
}

/** Create Volume Snapshot; an in-use volume needs the force flag (Cinder refuses otherwise). */
export function VolumeSnapshotModal({ target, onClose }: ModalProps<Volume>): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(volumeActionMutations.createSnapshot);
  const inUse = target.status === 'in-use';
  const form = useForm({ name: '', description: '' }, (v) => ({
    name: v.name.trim() === '' ? t('This field is required.') : undefined,
  }));
  return (
    <ModalForm
      title={inUse ? t('Create Volume Snapshot (Force)') : t('Create Volume Snapshot')}
      submitLabel={t('Create Volume Snapshot')}
      description={t('Snapshot the data of volume "{{name}}".', { name: nameOf(target) })}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        await create.mutateAsync({
          volume_id: target.id,
          name: form.values.name.trim(),
          ...(form.values.description && { description: form.values.description }),
          ...(inUse && { force: true }),
        });
        return { updated: [target.id] };
      }}
    >
      {inUse && (
        <Alert
          isInline
          variant="warning"
          title={t('The volume is attached to an instance: the snapshot may not be consistent.')}
        />
      )}
      <TextField label={t('Snapshot Name')} isRequired maxLength={255} {...form.bind('name')} />
      <TextAreaField label={t('Description')} maxLength={255} {...form.bind('description')} />
    </ModalForm>
  );
}

/** Upload to Image: the volume's data as a new Glance image. */
export function UploadToImageModal({ target, onClose }: ModalProps<Volume>): ReactNode {
  const { t } = useTranslation();
  const upload = useMutation(volumeActionMutations.uploadToImage);
  const inUse = target.status === 'in-use';
  const form = useForm(
    { image_name: '', disk_format: 'raw' as (typeof UPLOAD_DISK_FORMATS)[number], force: false },
    (v) => ({
      image_name: v.image_name.trim() === '' ? t('This field is required.') : undefined,
      force:
        inUse && !v.force ? t('An attached volume can only be uploaded with Force.') : undefined,
    }),
  );
  return (
    <ModalForm
      title={t('Upload Volume to Image')}
      submitLabel={t('Upload')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const v = form.values;
        await upload.mutateAsync({
          volume: target,
          body: {
            image_name: v.image_name.trim(),
            disk_format: v.disk_format,
            ...(v.force && { force: true }),
          },
        });
        return { updated: [target.id] };
      }}
    >
      <TextField
        label={t('Volume Name')}
        value={nameOf(target)}
        isReadOnly
        onChange={() => undefined}
      />
      <TextField label={t('Image Name')} isRequired maxLength={255} {...form.bind('image_name')} />
      <SelectField
        label={t('Disk Format')}
        options={UPLOAD_DISK_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
        value={form.values.disk_format}
        onChange={(x) =>
          form.setValue('disk_format', UPLOAD_DISK_FORMATS.find((f) => f === x) ?? 'raw')
        }
      />
      {inUse && (
        <CheckboxField
          label={t('Force')}
          description={t('Upload the volume even though it is attached to an instance.')}
          checked={form.values.force}
          onChange={(x) => form.setValue('force', x)}
          error={form.errors.force}
        />
      )}
    </ModalForm>
  );
}

/**
 * Create Transfer. The answer's authorization key is shown once, here, with the transfer id:
 * Cinder never gives it again, so the recipient needs both from the user.
 */
export function CreateTransferModal({ target, onClose }: ModalProps<Volume>): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(volumeActionMutations.createTransfer);
  const [created, setCreated] = useState<VolumeTransfer>();
  // The form's success would close the modal; the key view must come first.
  const showKey = useRef(false);
  const form = useForm({ name: '' }, (v) => ({
    name: v.name.trim() === '' ? t('This field is required.') : undefined,
  }));
  if (created) {
    return (
      <ModalForm
        title={t('Volume Transfer Details')}
        submitLabel={t('Close')}
        onClose={() => onClose({ updated: [target.id] })}
        onSubmit={() => ({ updated: [target.id] })}
      >
        <Alert
          isInline
          variant="warning"
          title={t(
            'The authorization key will not be shown again. Give the transfer ID and key to the recipient now.',
          )}
        />
        <Content component="p">
          {t('Transfer Name: {{name}}', { name: created.name ?? '' })}
        </Content>
        <Content component="h4">{t('Transfer ID')}</Content>
        <ClipboardCopy
          isReadOnly
          hoverTip={t('Copy')}
          clickTip={t('Copied')}
          data-testid="transfer-id"
        >
          {created.id}
        </ClipboardCopy>
        <Content component="h4">{t('Authorization Key')}</Content>
        <ClipboardCopy
          isReadOnly
          hoverTip={t('Copy')}
          clickTip={t('Copied')}
          data-testid="transfer-key"
        >
          {created.auth_key ?? ''}
        </ClipboardCopy>
      </ModalForm>
    );
  }
  return (
    <ModalForm
      title={t('Create Volume Transfer')}
      submitLabel={t('Create Volume Transfer')}
      description={t(
        'Ownership of volume "{{name}}" can be transferred to another project: the recipient accepts it with the transfer ID and authorization key.',
        { name: nameOf(target) },
      )}
      isValid={form.isValid}
      onClose={(result) => {
        if (showKey.current) showKey.current = false;
        else onClose(result);
      }}
      onSubmit={async () => {
        const transfer = await create.mutateAsync({
          volume_id: target.id,
          name: form.values.name.trim(),
        });
        showKey.current = true;
        setCreated(transfer);
      }}
    >
      <TextField label={t('Transfer Name')} isRequired maxLength={255} {...form.bind('name')} />
    </ModalForm>
  );
}

/** Accept Volume Transfer (a table action): the transfer id and key from the giver. */
export function AcceptTransferModal({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const accept = useMutation(volumeActionMutations.acceptTransfer);
  const form = useForm({ id: '', key: '' }, (v) => ({
    id: v.id.trim() === '' ? t('This field is required.') : undefined,
    key: v.key.trim() === '' ? t('This field is required.') : undefined,
  }));
  return (
    <ModalForm
      title={t('Accept Volume Transfer')}
      submitLabel={t('Accept Volume Transfer')}
      description={t(
        'Ownership of a volume can be transferred from one project to another. Enter the transfer ID and authorization key you were given.',
      )}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const accepted = await accept.mutateAsync({
          id: form.values.id.trim(),
          body: { auth_key: form.values.key.trim() },
        });
        return { created: [accepted.volume_id] };
      }}
    >
      <TextField label={t('Transfer ID')} isRequired maxLength={255} {...form.bind('id')} />
      <TextField label={t('Authorization Key')} isRequired maxLength={255} {...form.bind('key')} />
    </ModalForm>
  );
}

/** Admin: Update Volume Status (Cinder's reset-status; nothing is checked or done but the record). */
export function ResetVolumeStatusModal({ target, onClose }: ModalProps<Volume>): ReactNode {
  const { t } = useTranslation();
  const reset = useMutation(volumeActionMutations.resetStatus);
  return (
    <ResetStatusModal
      title={t('Update Volume Status')}
      description={t(
        'This changes only the status Cinder records for volume "{{name}}"; the volume itself is not changed.',
        { name: nameOf(target) },
      )}
      id={target.id}
      current={target.status}
      statuses={VOLUME_RESET_STATUSES}
      reset={(status) => reset.mutateAsync({ volume: target, body: { status } })}
      onClose={onClose}
    />
  );
}

/** Admin: Migrate Volume to another backend host. */
export function MigrateVolumeModal({ target, onClose }: ModalProps<Volume>): ReactNode {
  const { t } = useTranslation();
  const migrate = useMutation(volumeActionMutations.migrate);
  const form = useForm({ host: '', force_host_copy: false, lock_volume: false }, (v) => ({
    host: v.host.trim() === '' ? t('This field is required.') : undefined,
  }));
  return (
    <ModalForm
      title={t('Migrate Volume')}
      submitLabel={t('Migrate')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const v = form.values;
        await migrate.mutateAsync({
          volume: target,
          body: {
            host: v.host.trim(),
            force_host_copy: v.force_host_copy,
            lock_volume: v.lock_volume,
          },
        });
        return { updated: [target.id] };
      }}
    >
      <TextField
        label={t('Current Host')}
        value={target.host ?? ''}
        isReadOnly
        onChange={() => undefined}
      />
      <TextField
        label={t('Destination Host')}
        isRequired
        maxLength={255}
        placeholder="host@backend#pool"
        {...form.bind('host')}
      />
      <CheckboxField
        label={t('Force Host Copy')}
        description={t('Copy the data through the host, bypassing any driver optimisation.')}
        checked={form.values.force_host_copy}
        onChange={(x) => form.setValue('force_host_copy', x)}
      />
      <CheckboxField
        label={t('Lock Volume')}
        description={t('Keep other actions off the volume while it migrates.')}
        checked={form.values.lock_volume}
        onChange={(x) => form.setValue('lock_volume', x)}
      />
    </ModalForm>
  );
}

/** Update Metadata: the generic metadata modal for kind "volume". */
export function VolumeMetadataModal({ target, onClose }: ModalProps<Volume>): ReactNode {
  return <MetadataModal kind="volume" id={target.id} onClose={onClose} />;
}
