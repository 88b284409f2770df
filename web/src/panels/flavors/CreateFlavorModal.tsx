import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { FlavorFields } from './FlavorFields';
import { NEW_FLAVOR, flavorCreatePayload, validateFlavor } from './flavorForm';
import { flavorMutations, flavorQueries } from '../../data/nova/flavors';

export function CreateFlavorModal({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const existing = useQuery(flavorQueries.list()).data;
  const create = useMutation(flavorMutations.create);
  const form = useForm(NEW_FLAVOR, (v) => validateFlavor(v, existing ?? [], 'create'));
  return (
    <ModalForm
      title={t('Create Flavor')}
      submitLabel={t('Create Flavor')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const flavor = await create.mutateAsync(flavorCreatePayload(form.values));
        return { created: [flavor.id] };
      }}
    >
      <FlavorFields form={form} mode="create" />
    </ModalForm>
  );
}
