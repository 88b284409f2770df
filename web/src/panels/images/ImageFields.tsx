import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { ImageSourceType } from '@skydeck/contract';
import { shellQueries } from '../../data/shell';
import { msg } from '../../i18n/msg';
import type { FormState } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { FileField } from '../../ui/fields/FileField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import type { ImageFormValues } from './imageForm';
import { imageQueries } from '../../data/glance/images';
import { VISIBILITY_LABELS, diskFormatOptions, type VisibilityChoice } from './imageRules';

export const SOURCE_LABELS: Record<ImageSourceType, string> = {
  url: msg('URL'),
  'file-legacy': msg('File'),
  'file-direct': msg('File'),
};

export interface ImageFieldsProps {
  form: FormState<ImageFormValues>;
  mode: 'create' | 'edit';
  sources?: ImageSourceType[];
  visibilities: VisibilityChoice[];
}

/** The create and edit steps' fields (spec 2 §2 Image screens). */
export function ImageFields({
  form,
  mode,
  sources = [],
  visibilities,
}: ImageFieldsProps): ReactNode {
  const { t } = useTranslation();
  const settings = useQuery(shellQueries.settings()).data;
  const kernels = useQuery(imageQueries.byFormat('aki')).data ?? [];
  const ramdisks = useQuery(imageQueries.byFormat('ari')).data ?? [];
  const { values: v, errors, setValue, touch } = form;
  const formats = diskFormatOptions(settings?.OPENSTACK_IMAGE_FORMATS);
  const pick = (list: typeof kernels): { value: string; label: string }[] =>
    list.map((i) => ({ value: i.id, label: i.name || i.id }));
  return (
    <>
      <TextField
        label={t('Image Name')}
        isRequired
        maxLength={255}
        value={v.name}
        onChange={(x) => setValue('name', x)}
        onBlur={() => touch('name')}
        error={errors.name}
      />
      <TextAreaField
        label={t('Image Description')}
        maxLength={255}
        value={v.description}
        onChange={(x) => setValue('description', x)}
        error={errors.description}
      />
      {mode === 'create' && (
        <>
          <SelectField
            label={t('Source Type')}
            isRequired
            value={v.source_type}
            placeholder={sources.length === 0 ? t('No image source is enabled') : undefined}
            options={sources.map((s) => ({ value: s, label: t(SOURCE_LABELS[s]) }))}
            onChange={(x) => setValue('source_type', x as ImageSourceType)}
            error={errors.source_type}
          />
          {v.source_type === 'url' && (
            <TextField
              label={t('Location')}
              type="url"
              isRequired
              maxLength={2048}
              placeholder="http://"
              value={v.image_url}
              onChange={(x) => setValue('image_url', x)}
              onBlur={() => touch('image_url')}
              error={errors.image_url}
            />
          )}
          {(v.source_type === 'file-legacy' || v.source_type === 'file-direct') && (
            <FileField
              label={t('File')}
              isRequired
              file={v.file}
              onFileChange={(f) => setValue('file', f)}
              error={errors.file}
            />
          )}
        </>
      )}
      <SelectField
        label={t('Format')}
        isRequired
        value={v.format}
        placeholder={t('Select format')}
        options={formats.map((f) => ({ value: f.value, label: t(f.label) }))}
        onChange={(x) => setValue('format', x)}
        onBlur={() => touch('format')}
        error={errors.format}
      />
      <SelectField
        label={t('Kernel')}
        value={v.kernel}
        placeholder={t('Choose an image')}
        options={pick(kernels)}
        onChange={(x) => setValue('kernel', x)}
      />
      <SelectField
        label={t('Ramdisk')}
        value={v.ramdisk}
        placeholder={t('Choose an image')}
        options={pick(ramdisks)}
        onChange={(x) => setValue('ramdisk', x)}
      />
      <TextField
        label={t('Architecture')}
        maxLength={255}
        value={v.architecture}
        onChange={(x) => setValue('architecture', x)}
        error={errors.architecture}
      />
      <TextField
        label={t('Minimum Disk (GB)')}
        maxLength={255}
        value={v.min_disk}
        onChange={(x) => setValue('min_disk', x)}
        error={errors.min_disk}
      />
      <TextField
        label={t('Minimum RAM (MB)')}
        maxLength={255}
        value={v.min_ram}
        onChange={(x) => setValue('min_ram', x)}
        error={errors.min_ram}
      />
      <SelectField
        label={t('Visibility')}
        isRequired
        value={v.visibility}
        options={visibilities.map((x) => ({
          value: x,
          label: t(VISIBILITY_LABELS[x] ?? x),
        }))}
        onChange={(x) => setValue('visibility', x as VisibilityChoice)}
      />
      <CheckboxField
        label={t('Protected')}
        checked={v.protected}
        onChange={(x) => setValue('protected', x)}
      />
    </>
  );
}
