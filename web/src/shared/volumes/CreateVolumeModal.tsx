import type { ReactNode } from 'react';
import { Content, Flex, FlexItem, Form } from '@patternfly/react-core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Image } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { PieChart } from '../../ui/charts/PieChart';
import { useForm } from '../../ui/ModalForm/useForm';
import { WizardFrame } from '../../ui/WizardFrame/WizardFrame';
import { NumberField } from '../../ui/fields/NumberField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { volumeMutations, volumeQueries } from '../../data/cinder/volumes';
import { defaultVolumeSize, volumeQuota } from './volumeQuota';

interface VolumeValues {
  name: string;
  description: string;
  size: number | '';
  volume_type: string;
  availability_zone: string;
}

/**
 * Create Volume from an image (spec 2 §2, §4, §5): one step, Volume Details, with the storage and
 * volume-count quota charts; going over the storage quota makes the step invalid.
 */
export function CreateVolumeModal({ target: image, onClose }: ModalProps<Image>): ReactNode {
  const { t } = useTranslation();
  const types = useQuery(volumeQueries.types()).data ?? [];
  const defaultType = useQuery(volumeQueries.defaultType()).data;
  const zones = useQuery(volumeQueries.availabilityZones()).data ?? [];
  const limits = useQuery(volumeQueries.limits()).data;
  const create = useMutation(volumeMutations.create);
  const minSize = defaultVolumeSize(image);
  const form = useForm<VolumeValues>({
    name: image.name ?? '',
    description: '',
    size: minSize,
    volume_type: '',
    availability_zone: '',
  });
  const v = form.values;
  const size = v.size === '' ? 0 : v.size;
  const quota = volumeQuota(limits, size);
  const chosenType = types.find((x) => x.name === (v.volume_type || defaultType?.name));
  const sizeError =
    v.size === '' || v.size < minSize
      ? t('The size must be at least {{min}} GiB.', { min: minSize })
      : quota.storageOver
        ? t('The requested size exceeds the available storage quota.')
        : undefined;

  const fields = (
    <Form onSubmit={(e) => e.preventDefault()}>
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
      <PieChart
        title={t('Volume Storage (GiB)')}
        used={{ label: t('Current Usage'), value: quota.storage.used }}
        added={{ label: t('Added'), value: quota.storage.added }}
        max={quota.storage.max}
        summary={
          quota.storage.max < 0
            ? t('{{used}} used, no limit', { used: quota.storage.used + quota.storage.added })
            : t('{{used}} of {{max}} used', {
                used: quota.storage.used + quota.storage.added,
                max: quota.storage.max,
              })
        }
      />
      <PieChart
        title={t('Number of Volumes')}
        used={{ label: t('Current Usage'), value: quota.count.used }}
        added={{ label: t('Added'), value: quota.count.added }}
        max={quota.count.max}
        summary={
          quota.count.max < 0
            ? t('{{used}} used, no limit', { used: quota.count.used + 1 })
            : t('{{used}} of {{max}} used', {
                used: quota.count.used + 1,
                max: quota.count.max,
              })
        }
      />
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
          validate: () => (sizeError ? { fields: { size: sizeError } } : undefined),
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
          image_id: image.id,
          ...(v.name && { name: v.name }),
          ...(v.description && { description: v.description }),
          ...(v.volume_type && { volume_type: v.volume_type }),
          ...(v.availability_zone && { availability_zone: v.availability_zone }),
        });
        return { created: [volume.id] };
      }}
    />
  );
}
