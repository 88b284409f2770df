import type { ReactNode } from 'react';
import { Content, Flex, FlexItem, Form } from '@patternfly/react-core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Image, Volume, VolumeSnapshot } from '@skydeck/contract';
import { imageQueries } from '../../data/glance/images';
import { snapshotQueries } from '../../data/cinder/snapshots';
import type { ModalProps } from '../../registry/types';
import { QuotaPie } from '../../ui/charts/QuotaPie';
import { useForm } from '../../ui/ModalForm/useForm';
import { WizardFrame } from '../../ui/WizardFrame/WizardFrame';
import { NumberField } from '../../ui/fields/NumberField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { volumeMutations, volumeQueries } from '../../data/cinder/volumes';
import { defaultVolumeSize, volumeQuota } from './volumeQuota';

/** What a new volume is made from (spec 1 §2 volume form: image, snapshot or volume source). */
export type VolumeSourceKind = 'none' | 'snapshot' | 'image' | 'volume';

/** The item Create Volume is opened on: an image, a volume snapshot, a volume, or none. */
export type CreateVolumePreset = Image | VolumeSnapshot | Volume | undefined;

export const presetKind = (preset: CreateVolumePreset): VolumeSourceKind => {
  if (preset === undefined) return 'none';
  if ('attachments' in preset) return 'volume';
  if ('volume_id' in preset) return 'snapshot';
  return 'image';
};

/** Spec 1 §5: at least the source's size (an image: its min_disk or size in GiB). */
export const sourceMinSize = (
  kind: VolumeSourceKind,
  source: Image | VolumeSnapshot | Volume | undefined,
): number => {
  if (!source || kind === 'none') return 1;
  if (kind === 'image') return defaultVolumeSize(source as Image);
  return Math.max((source as Volume | VolumeSnapshot).size, 1);
};

interface VolumeValues {
  source_kind: VolumeSourceKind;
  source_id: string;
  name: string;
  description: string;
  size: number | '';
  volume_type: string;
  availability_zone: string;
}

/**
 * Create Volume (spec 2 §2, §4, §5; spec 1 §2, §5): one step, Volume Details, with the storage
 * and volume-count quota charts; going over the storage quota makes the step invalid. Opened on
 * an image, a snapshot or a volume it makes the volume from that; opened from the Volumes
 * panel's table the user picks the source (none, a snapshot, an image or a volume). The size is
 * raised to the source's, and the type selector is hidden for a snapshot or volume source (the
 * new volume takes the source's type).
 */
export function CreateVolumeModal({
  target: preset,
  onClose,
}: ModalProps<CreateVolumePreset>): ReactNode {
  const { t } = useTranslation();
  const fixedKind = presetKind(preset);
  const choosing = preset === undefined;
  const types = useQuery(volumeQueries.types()).data ?? [];
  const defaultType = useQuery(volumeQueries.defaultType()).data;
  const zones = useQuery(volumeQueries.availabilityZones()).data ?? [];
  const limits = useQuery(volumeQueries.limits()).data;
  const create = useMutation(volumeMutations.create);
  const form = useForm<VolumeValues>({
    source_kind: fixedKind,
    source_id: preset?.id ?? '',
    name: fixedKind === 'image' ? (preset?.name ?? '') : '',
    description: '',
    size: sourceMinSize(fixedKind, preset),
    volume_type: '',
    availability_zone: '',
  });
  const v = form.values;
  const kind = v.source_kind;
  const snapshots = useQuery({
    ...snapshotQueries.list(),
    enabled: choosing && kind === 'snapshot',
  });
  const images = useQuery({
    ...imageQueries.list({ status: 'active' }),
    enabled: choosing && kind === 'image',
  });
  const volumes = useQuery({ ...volumeQueries.list(), enabled: choosing && kind === 'volume' });
  const candidates: Array<Image | VolumeSnapshot | Volume> =
    kind === 'snapshot'
      ? (snapshots.data ?? []).filter((x) => x.status === 'available')
      : kind === 'image'
        ? (images.data ?? [])
        : kind === 'volume'
          ? (volumes.data ?? []).filter((x) => ['available', 'in-use'].includes(x.status))
          : [];
  const source = choosing ? candidates.find((c) => c.id === v.source_id) : preset;
  const minSize = sourceMinSize(kind, source);
  const showType = kind === 'none' || kind === 'image';
  const sourceError =
    kind !== 'none' && v.source_id === '' ? t('This field is required.') : undefined;
  const size = v.size === '' ? 0 : v.size;
  const quota = volumeQuota(limits, size);
  const chosenType = types.find((x) => x.name === (v.volume_type || defaultType?.name));
  const sizeError =
    v.size === '' || v.size < minSize
      ? t('The size must be at least {{min}} GiB.', { min: minSize })
      : quota.storageOver
        ? t('The requested size exceeds the available storage quota.')
        : undefined;

  const sourceLabels: Record<VolumeSourceKind, string> = {
    none: t('No source, empty volume'),
    snapshot: t('Snapshot'),
    image: t('Image'),
    volume: t('Volume'),
  };
  const pickSource = (id: string): void => {
    const picked = candidates.find((c) => c.id === id);
    const floor = sourceMinSize(kind, picked);
    form.setValues((prev) => ({
      ...prev,
      source_id: id,
      size: prev.size === '' || prev.size < floor ? floor : prev.size,
    }));
  };

  const fields = (
    <Form onSubmit={(e) => e.preventDefault()}>
      {choosing && (
        <SelectField
          label={t('Volume Source')}
          value={kind}
          options={(['none', 'snapshot', 'image', 'volume'] as const).map((k) => ({
            value: k,
            label: sourceLabels[k],
          }))}
          onChange={(x) => {
            const next = (['none', 'snapshot', 'image', 'volume'] as const).find((k) => k === x);
            form.setValues((prev) => ({ ...prev, source_kind: next ?? 'none', source_id: '' }));
          }}
        />
      )}
      {choosing && kind !== 'none' && (
        <SelectField
          label={t('Use {{source}} as a source', { source: sourceLabels[kind] })}
          isRequired
          value={v.source_id}
          placeholder={t('Choose a source')}
          options={candidates.map((c) => ({
            value: c.id,
            label:
              'size' in c && kind !== 'image'
                ? `${c.name || c.id} (${c.size} GiB)`
                : c.name || c.id,
          }))}
          onChange={pickSource}
          error={form.errors.source_id}
        />
      )}
      <TextField
        label={t('Volume Name')}
        maxLength={255}
        value={v.name}
        onChange={(x) => form.setValue('name', x)}
      />
      <TextAreaField
        label={t('Description')}
        maxLength={255}
        value={v.description}
        onChange={(x) => form.setValue('description', x)}
      />
      <NumberField
        label={t('Size (GiB)')}
        isRequired
        min={minSize}
        value={v.size}
        onChange={(x) => form.setValue('size', x)}
        error={sizeError}
      />
      {showType && (
        <SelectField
          label={t('Volume Type')}
          value={v.volume_type}
          placeholder={
            defaultType ? t('Default ({{name}})', { name: defaultType.name }) : t('No volume type')
          }
          options={types.map((x) => ({ value: x.name, label: x.name }))}
          onChange={(x) => form.setValue('volume_type', x)}
          helperText={chosenType?.description ?? undefined}
        />
      )}
      <SelectField
        label={t('Availability Zone')}
        value={v.availability_zone}
        placeholder={t('Any Availability Zone')}
        options={zones
          .filter((z) => z.zoneState.available)
          .map((z) => ({ value: z.zoneName, label: z.zoneName }))}
        onChange={(x) => form.setValue('availability_zone', x)}
      />
    </Form>
  );

  const charts = (
    <Flex direction={{ default: 'column' }} spaceItems={{ default: 'spaceItemsLg' }}>
      <Content component="h3">{t('Volume Limits')}</Content>
      <QuotaPie title={t('Volume Storage (GiB)')} {...quota.storage} />
      <QuotaPie title={t('Number of Volumes')} {...quota.count} />
    </Flex>
  );

  // Over quota the submit is disabled and says why (spec 2 §4), rather than doing nothing.
  const overQuota = quota.storageOver
    ? t('The requested size exceeds the available storage quota.')
    : quota.countOver
      ? t('The maximum number of volumes has been reached.')
      : undefined;

  return (
    <WizardFrame
      title={t('Create Volume')}
      finishLabel={t('Create Volume')}
      finishDisabledReason={limits ? overQuota : undefined}
      onClose={onClose}
      steps={[
        {
          id: 'volume-details',
          name: t('Volume Details'),
          validate: () =>
            sizeError || sourceError
              ? {
                  fields: {
                    ...(sizeError && { size: sizeError }),
                    ...(sourceError && { source_id: sourceError }),
                  },
                }
              : undefined,
          render: () => (
            <Flex flexWrap={{ default: 'nowrap' }} spaceItems={{ default: 'spaceItems2xl' }}>
              <FlexItem flex={{ default: 'flex_2' }}>{fields}</FlexItem>
              <FlexItem flex={{ default: 'flex_1' }}>{charts}</FlexItem>
            </Flex>
          ),
        },
      ]}
      onSubmit={async () => {
        const volume = await create.mutateAsync({
          size,
          ...(kind === 'image' && { image_id: v.source_id }),
          ...(kind === 'snapshot' && { snapshot_id: v.source_id }),
          ...(kind === 'volume' && { source_volid: v.source_id }),
          ...(v.name && { name: v.name }),
          ...(v.description && { description: v.description }),
          ...(showType && v.volume_type && { volume_type: v.volume_type }),
          ...(v.availability_zone && { availability_zone: v.availability_zone }),
        });
        return { created: [volume.id] };
      }}
    />
  );
}
