import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { instanceQueries } from '../../data/nova/servers';
import { volumeAttachmentMutations } from '../../data/nova/volumeAttachments';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';
import { isVolume, type AttachPreset } from './attachRules';

/**
 * Detach a volume from an instance. Opened on a volume it offers the instances the volume is
 * attached to; opened on an instance it offers the instance's volumes (with their devices).
 */
export function DetachVolumeModal({ target, onClose }: ModalProps<AttachPreset>): ReactNode {
  const { t } = useTranslation();
  const fromVolume = isVolume(target);
  const instances = useQuery({ ...instanceQueries.list({}, false), enabled: fromVolume });
  const attached = useQuery({ ...instanceQueries.volumes(target.id), enabled: !fromVolume });
  const detach = useMutation(volumeAttachmentMutations.detach);

  // The choice shows the device beside the name; the toast names the volume and instance only.
  const options = fromVolume
    ? target.attachments.map((a) => {
        const name = instances.data?.find((i) => i.id === a.server_id)?.name ?? a.server_id;
        return { value: a.server_id, name, label: a.device ? `${name} (${a.device})` : name };
      })
    : (attached.data ?? []).map((v) => {
        const name = v.name || v.id;
        return { value: v.id, name, label: v.device ? `${name} (${v.device})` : name };
      });
  const only = options.length === 1 ? (options[0]?.value ?? '') : '';
  const form = useForm({ other: only }, (v) => ({
    other: v.other === '' ? t('This field is required.') : undefined,
  }));
  const chosen = form.values.other || only;

  return (
    <ModalForm
      title={t('Detach Volume')}
      submitLabel={t('Detach Volume')}
      submitVariant="danger"
      description={
        fromVolume
          ? t('Detach volume "{{name}}" from an instance.', { name: target.name || target.id })
          : t('Detach a volume from instance "{{name}}".', { name: target.name || target.id })
      }
      isValid={chosen !== ''}
      onClose={onClose}
      onSubmit={async () => {
        const serverId = fromVolume ? chosen : target.id;
        const volumeId = fromVolume ? target.id : chosen;
        const other = options.find((o) => o.value === chosen)?.name ?? chosen;
        await detach.mutateAsync({
          serverId,
          volumeId,
          volumeName: fromVolume ? target.name || target.id : other,
          serverName: fromVolume ? other : target.name || target.id,
        });
        return { updated: [fromVolume ? target.id : serverId] };
      }}
    >
      <SelectField
        label={fromVolume ? t('Instance') : t('Volume')}
        isRequired
        placeholder={fromVolume ? t('Select an instance') : t('Select a volume')}
        options={options}
        value={chosen}
        onChange={(x) => form.setValue('other', x)}
        onBlur={() => form.touch('other')}
        error={form.errors.other}
      />
    </ModalForm>
  );
}
