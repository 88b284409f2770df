import { useState, type ReactNode } from 'react';
import { Alert } from '@patternfly/react-core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Flavor } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { ModalData } from '../../ui/ActionMenu/ModalData';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { FlavorFields } from './FlavorFields';
import {
  RECREATE_WARNING,
  flavorRecreated,
  flavorUpdatePayload,
  flavorValues,
  validateFlavor,
} from './flavorForm';
import { flavorMutations, flavorQueries } from '../../data/nova/flavors';

function EditFlavorForm({
  flavor,
  onClose,
}: { flavor: Flavor } & Pick<ModalProps<Flavor>, 'onClose'>): ReactNode {
  const { t } = useTranslation();
  const others = useQuery(flavorQueries.list()).data?.filter((f) => f.id !== flavor.id);
  const update = useMutation(flavorMutations.update);
  const [original] = useState(() => flavorValues(flavor));
  const form = useForm(original, (v) => validateFlavor(v, others ?? [], 'edit'));
  return (
    <ModalForm
      title={t('Edit Flavor')}
      submitLabel={t('Save')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        await update.mutateAsync({ id: flavor.id, body: flavorUpdatePayload(form.values) });
        return { updated: [flavor.id] };
      }}
    >
      {flavorRecreated(original, form.values) && (
        <Alert variant="warning" isInline isPlain title={t(RECREATE_WARNING)} />
      )}
      <FlavorFields form={form} mode="edit" />
    </ModalForm>
  );
}

/** Edit Flavor: the create form, prefilled from the flavor with its access list. */
export function EditFlavorModal({ target, onClose }: ModalProps<Flavor>): ReactNode {
  const detail = useQuery(flavorQueries.detail(target.id));
  return (
    <ModalData data={detail.data} isError={detail.isError} id={target.id} onClose={onClose}>
      {(flavor) => <EditFlavorForm flavor={flavor} onClose={onClose} />}
    </ModalData>
  );
}
