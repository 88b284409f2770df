import { useState, type ReactNode } from 'react';
import { GIB } from '@skydeck/contract/launchConstants';
import { useMutation } from '@tanstack/react-query';
import { Alert, Progress } from '@patternfly/react-core';
import { useTranslation } from '../i18n/useTranslation';
import { launchMutations } from '../data/nova/launch';
import type { ModalProps } from '../registry/types';
import { ModalForm } from '../ui/ModalForm/ModalForm';
import { CheckboxField } from '../ui/fields/CheckboxField';
import { NumberField } from '../ui/fields/NumberField';
import { SelectField } from '../ui/fields/SelectField';
import { TextField } from '../ui/fields/TextField';
import {
  CLASSIC_SOURCES,
  chooseFlavor,
  classicBody,
  flavorFits,
  isRequired,
  isShown,
  quotaLevel,
  volumeMinimum,
  volumeSize,
  type ClassicSource,
  type ImageSize,
} from './classicModel';
import {
  computeQuota,
  imageSources,
  volumeSnapshotSources,
  volumeSources,
  type SourceItem,
} from './model';
import { useLaunchData } from './useLaunchData';

const sizeOf = (item: SourceItem | undefined): ImageSize | undefined =>
  item && { min_disk: item.min_disk, min_ram: item.min_ram, size: item.size_gb * GIB };

/**
 * The classic launch form (spec 1 §2, §4), offered when LAUNCH_INSTANCE_LEGACY_ENABLED: one
 * page; the source type switches its fields and their required flags together; flavors too
 * small for the image are disabled (the first that fits is chosen, with a note); a new volume's
 * size follows spec 1 §5; quota bars colour at spec 1 §9's thresholds. It posts what the wizard
 * posts (POST /api/nova/servers/).
 */
export function ClassicLaunchForm({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const data = useLaunchData();
  const launch = useMutation(launchMutations.launch);
  const [name, setName] = useState('');
  const [count, setCount] = useState<number | ''>(1);
  const [source, setSource] = useState<ClassicSource>('image_id');
  const [sourceId, setSourceId] = useState('');
  const [typedSize, setTypedSize] = useState<number | undefined>();
  const [device, setDevice] = useState('vda');
  const [deleteOnTerminate, setDeleteOnTerminate] = useState(false);
  const [flavorId, setFlavorId] = useState('');
  const [networkId, setNetworkId] = useState('');

  const images = data.images.data ?? [];
  const choices: Record<ClassicSource, SourceItem[]> = {
    image_id: imageSources(images, false),
    volume_image_id: imageSources(images, false),
    instance_snapshot_id: imageSources(images, true),
    volume_id: volumeSources(data.volumes.data ?? []),
    volume_snapshot_id: volumeSnapshotSources(data.volumeSnapshots.data ?? []),
  };
  const chosen = choices[source].find((s) => s.id === sourceId);
  const fromImage = source === 'image_id' || source === 'volume_image_id';
  const image = fromImage || source === 'instance_snapshot_id' ? sizeOf(chosen) : undefined;
  const flavors = data.flavors.data ?? [];
  const fit = chooseFlavor(flavorId, flavors, image);
  const flavor = flavors.find((f) => f.id === fit.flavorId);
  const size = volumeSize(flavor, image, typedSize);
  const quota = computeQuota(data.limits.data);
  const n = count === '' ? 0 : count;

  const valid =
    name.trim() !== '' &&
    n >= 1 &&
    sourceId !== '' &&
    fit.flavorId !== '' &&
    (!isRequired(source, 'volume_size') || size >= volumeMinimum(image));

  const bar = (label: string, used: number, max: number, added: number): ReactNode => {
    if (max < 0) return null;
    const total = used + added;
    const level = quotaLevel(total, max);
    return (
      <Progress
        key={label}
        title={label}
        value={max === 0 ? 100 : Math.min(100, (total / max) * 100)}
        label={t('{{used}} of {{max}}', { used: total, max })}
        variant={level === 'success' ? undefined : level}
        measureLocation="outside"
      />
    );
  };

  return (
    <ModalForm
      title={t('Launch Instance')}
      submitLabel={t('Launch')}
      variant="large"
      isValid={valid}
      onClose={onClose}
      onSubmit={async () => {
        await launch.mutateAsync(
          classicBody({
            name,
            count: n,
            source,
            sourceId,
            volumeSize: size,
            deleteOnTerminate,
            flavorId: fit.flavorId,
            networkId,
          }),
        );
        return { created: [] };
      }}
    >
      <TextField
        label={t('Instance Name')}
        isRequired
        maxLength={255}
        value={name}
        onChange={setName}
      />
      <NumberField label={t('Count')} isRequired min={1} value={count} onChange={setCount} />
      <SelectField
        label={t('Instance Boot Source')}
        isRequired
        value={source}
        onChange={(v) => {
          setSource(v as ClassicSource);
          setSourceId('');
          setTypedSize(undefined);
        }}
        options={CLASSIC_SOURCES.map((s) => ({ value: s.value, label: t(s.label) }))}
      />
      {(['image_id', 'instance_snapshot_id', 'volume_id', 'volume_snapshot_id'] as const)
        .filter((field) => isShown(source, field))
        .map((field) => (
          <SelectField
            key={field}
            label={
              field === 'image_id'
                ? t('Image Name')
                : field === 'instance_snapshot_id'
                  ? t('Instance Snapshot')
                  : field === 'volume_id'
                    ? t('Volume')
                    : t('Volume Snapshot')
            }
            isRequired={isRequired(source, field)}
            value={sourceId}
            onChange={setSourceId}
            placeholder={t('Select a source')}
            options={choices[source].map((s) => ({
              value: s.id,
              label: `${s.name} (${s.size_gb} GB)`,
            }))}
          />
        ))}
      {isShown(source, 'volume_size') && (
        <NumberField
          label={t('Volume Size (GB)')}
          isRequired={isRequired(source, 'volume_size')}
          min={volumeMinimum(image)}
          value={size}
          onChange={(v) => setTypedSize(v === '' ? undefined : v)}
        />
      )}
      {isShown(source, 'device_name') && (
        <TextField label={t('Device Name')} value={device} onChange={setDevice} />
      )}
      {isShown(source, 'vol_delete_on_instance_delete') && (
        <CheckboxField
          label={t('Delete Volume on Instance Delete')}
          checked={deleteOnTerminate}
          onChange={setDeleteOnTerminate}
        />
      )}
      <SelectField
        label={t('Flavor')}
        isRequired
        value={fit.flavorId}
        onChange={setFlavorId}
        placeholder={t('Select a flavor')}
        options={flavors.map((f) => ({
          value: f.id,
          label: `${f.name} (${f.vcpus} VCPU, ${f.ram} MB RAM, ${f.disk} GB)`,
          isDisabled: !flavorFits(f, image),
        }))}
      />
      {fit.note !== 'none' && (
        <Alert
          isInline
          isPlain
          variant="info"
          title={
            fit.note === 'all'
              ? t('No flavor is large enough for the selected image.')
              : t('Some flavors are not available: they are too small for the selected image.')
          }
        />
      )}
      {data.hasNetwork && (
        <SelectField
          label={t('Network')}
          value={networkId}
          onChange={setNetworkId}
          placeholder={t('Select a network')}
          options={data.networks.map((net) => ({ value: net.id, label: net.name || net.id }))}
        />
      )}
      {quota && (
        <div aria-label={t('Project Limits')} role="group">
          {bar(t('Number of Instances'), quota.instances.used, quota.instances.max, n)}
          {bar(t('Number of VCPUs'), quota.cores.used, quota.cores.max, n * (flavor?.vcpus ?? 0))}
          {bar(t('Total RAM (MB)'), quota.ram.used, quota.ram.max, n * (flavor?.ram ?? 0))}
        </div>
      )}
    </ModalForm>
  );
}
