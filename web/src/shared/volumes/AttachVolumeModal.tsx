import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance, Volume } from '@skydeck/contract';
import { volumeQueries } from '../../data/cinder/volumes';
import { instanceQueries } from '../../data/nova/servers';
import { volumeAttachmentMutations } from '../../data/nova/volumeAttachments';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import {
  deviceProblem,
  instanceCanAttach,
  isVolume,
  volumeCanAttach,
  type AttachPreset,
} from './attachRules';

const volumeLabel = (v: Volume): string => `${v.name || v.id} (${v.size} GiB)`;

/**
 * Attach a volume to an instance (Nova's os-volume_attachments). Opened on a volume it asks for
 * the instance; opened on an instance (the Instances panel's row action) it asks for the volume.
 * The device name is optional: left empty, Nova picks the next free one.
 */
export function AttachVolumeModal({ target, onClose }: ModalProps<AttachPreset>): ReactNode {
  const { t } = useTranslation();
  const fromVolume = isVolume(target);
  const instances = useQuery({ ...instanceQueries.list({}, false), enabled: fromVolume });
  const volumes = useQuery({ ...volumeQueries.list(), enabled: !fromVolume });
  const attach = useMutation(volumeAttachmentMutations.attach);
  const form = useForm({ other: '', device: '' }, (v) => ({
    other: v.other === '' ? t('This field is required.') : undefined,
    device: deviceProblem(v.device)
      ? t('A device name looks like /dev/vdb (or leave it empty).')
      : undefined,
  }));

  const attachedTo = new Set(fromVolume ? target.attachments.map((a) => a.server_id) : []);
  const instanceOptions = (instances.data ?? [])
    .filter((i: Instance) => instanceCanAttach(i) && !attachedTo.has(i.id))
    .map((i: Instance) => ({ value: i.id, label: i.name || i.id }));
  const volumeOptions = (volumes.data ?? [])
    .filter(
      (v: Volume) => volumeCanAttach(v) && !v.attachments.some((a) => a.server_id === target.id),
    )
    .map((v: Volume) => ({ value: v.id, label: volumeLabel(v) }));

  return (
    <ModalForm
      title={t('Manage Volume Attachments')}
      submitLabel={t('Attach Volume')}
      description={
        fromVolume
          ? t('Attach volume "{{name}}" to an instance.', { name: target.name || target.id })
          : t('Attach a volume to instance "{{name}}".', { name: target.name || target.id })
      }
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const { other, device } = form.values;
        const volume = fromVolume ? target : volumes.data?.find((v) => v.id === other);
        const instance = fromVolume ? instances.data?.find((i) => i.id === other) : target;
        const volumeId = fromVolume ? target.id : other;
        const serverId = fromVolume ? other : target.id;
        await attach.mutateAsync({
          serverId,
          volumeId,
          ...(device.trim() !== '' && { device: device.trim() }),
          volumeName: volume?.name || volumeId,
          serverName: instance?.name || serverId,
        });
        return { updated: [fromVolume ? target.id : serverId] };
      }}
    >
      {fromVolume ? (
        <SelectField
          label={t('Attach to Instance')}
          isRequired
          placeholder={instances.isLoading ? t('Loading…') : t('Select an instance')}
          options={instanceOptions}
          {...form.bind('other')}
        />
      ) : (
        <SelectField
          label={t('Volume ID')}
          isRequired
          placeholder={volumes.isLoading ? t('Loading…') : t('Select a volume')}
          options={volumeOptions}
          {...form.bind('other')}
        />
      )}
      <TextField
        label={t('Device Name')}
        maxLength={255}
        placeholder="/dev/vdc"
        helperText={t('Leave empty to let the compute service choose the device.')}
        {...form.bind('device')}
      />
    </ModalForm>
  );
}
