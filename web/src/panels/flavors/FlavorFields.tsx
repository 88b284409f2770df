import type { ReactNode } from 'react';
import { FormSection, Skeleton } from '@patternfly/react-core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { FormState } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { NumberField } from '../../ui/fields/NumberField';
import { TextField } from '../../ui/fields/TextField';
import { ProjectAccessPicker } from '../../ui/ProjectAccessPicker/ProjectAccessPicker';
import type { FlavorValues } from './flavorForm';
import { projectQueries } from '../../data/keystone/projects';

export interface FlavorFieldsProps {
  form: FormState<FlavorValues>;
  mode: 'create' | 'edit';
}

/** The fields of Create and Edit Flavor, with the Flavor Access section for private flavors. */
export function FlavorFields({ form, mode }: FlavorFieldsProps): ReactNode {
  const { t } = useTranslation();
  const { values, setValue } = form;
  const projects = useQuery({ ...projectQueries.list(), enabled: !values.isPublic });
  const number = (
    key: 'vcpus' | 'ram' | 'disk' | 'ephemeral' | 'swap' | 'rxtx',
    label: string,
    min: number,
    step = 1,
  ): ReactNode => (
    <NumberField label={label} isRequired min={min} step={step} {...form.bind(key)} />
  );
  return (
    <>
      <TextField label={t('Name')} isRequired maxLength={255} {...form.bind('name')} />
      <TextField
        label={t('ID')}
        isRequired
        isReadOnly={mode === 'edit'}
        maxLength={255}
        {...form.bind('id')}
        helperText={mode === 'create' ? t('Leave "auto" to have an ID generated.') : undefined}
      />
      {number('vcpus', t('VCPUs'), 1)}
      {number('ram', t('RAM (MB)'), 1)}
      {number('disk', t('Root Disk (GB)'), 0)}
      {number('ephemeral', t('Ephemeral Disk (GB)'), 0)}
      {number('swap', t('Swap Disk (MB)'), 0)}
      {number('rxtx', t('RX/TX Factor'), 0, 0.1)}
      <CheckboxField
        label={t('Public')}
        checked={values.isPublic}
        onChange={(v) => setValue('isPublic', v)}
        description={t('A private flavor is usable only by the projects given access below.')}
      />
      {!values.isPublic && (
        <FormSection title={t('Flavor Access')} titleElement="h3">
          {projects.isPending ? (
            <Skeleton screenreaderText={t('Loading')} height="12rem" />
          ) : (
            <ProjectAccessPicker
              projects={projects.data ?? []}
              chosen={values.access}
              onChange={(ids) => setValue('access', ids)}
            />
          )}
        </FormSection>
      )}
    </>
  );
}
