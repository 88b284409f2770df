import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Flavor, Instance } from '@skydeck/contract';
import { flavorQueries } from '../../data/nova/flavors';
import { serverActionMutations } from '../../data/nova/serverActions';
import type { ModalProps } from '../../registry/types';
import { ModalData } from '../../ui/ActionMenu/ModalData';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';
import { DiskConfigField } from './DiskConfigField';
import { resizeChoices, resizeBody, type DiskConfigChoice } from './instanceActionRules';

function ResizeForm({
  instance,
  flavors,
  onClose,
}: { instance: Instance; flavors: Flavor[] } & Pick<ModalProps<Instance>, 'onClose'>): ReactNode {
  const { t } = useTranslation();
  const act = useMutation(serverActionMutations.act);
  const choices = resizeChoices(instance, flavors);
  const form = useForm<{ flavor: string; diskConfig: DiskConfigChoice }>(
    { flavor: '', diskConfig: 'AUTO' },
    (v) => ({ flavor: v.flavor === '' ? t('This field is required.') : undefined }),
  );
  return (
    <ModalForm
      title={t('Resize Instance')}
      submitLabel={t('Resize')}
      description={t('Old flavor: {{flavor}}', { flavor: instance.flavor?.name ?? '-' })}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        await act.mutateAsync({
          instance,
          body: resizeBody(form.values.flavor, form.values.diskConfig),
        });
        return { updated: [instance.id] };
      }}
    >
      <SelectField
        label={t('New Flavor')}
        isRequired
        placeholder={t('Select a new flavor')}
        {...form.bind('flavor')}
        options={choices.map((f) => ({
          value: f.id,
          label: t('{{name}} ({{vcpus}} VCPU, {{ram}} MB RAM, {{disk}} GB disk)', {
            name: f.name,
            vcpus: f.vcpus,
            ram: f.ram,
            disk: f.disk,
          }),
        }))}
      />
      <DiskConfigField
        value={form.values.diskConfig}
        onChange={(value) => form.setValue('diskConfig', value)}
      />
    </ModalForm>
  );
}

/** Resize Instance: the flavors it may move to (not its own, not disabled). */
export function InstanceResizeModal({ target, onClose }: ModalProps<Instance>): ReactNode {
  const flavors = useQuery(flavorQueries.list());
  return (
    <ModalData data={flavors.data} isError={flavors.isError} id={target.id} onClose={onClose}>
      {(list) => <ResizeForm instance={target} flavors={list} onClose={onClose} />}
    </ModalData>
  );
}
