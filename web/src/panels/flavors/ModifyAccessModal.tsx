import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Flavor } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { ModalData } from '../../ui/ActionMenu/ModalData';
import { ModalLoading } from '../../ui/ActionMenu/ModalLoading';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { ProjectAccessPicker } from '../../ui/ProjectAccessPicker/ProjectAccessPicker';
import { flavorMutations, flavorQueries, flavorUpdateBody } from '../../data/nova/flavors';
import { projectQueries } from '../../data/keystone/projects';

function AccessForm({
  flavor,
  onClose,
}: { flavor: Flavor } & Pick<ModalProps<Flavor>, 'onClose'>): ReactNode {
  const { t } = useTranslation();
  const projects = useQuery(projectQueries.list());
  const update = useMutation(flavorMutations.updateAccess);
  const [access, setAccess] = useState<string[]>(flavor.access_list ?? []);
  if (projects.isPending) return <ModalLoading />;
  return (
    <ModalForm
      title={t('Modify Access')}
      description={t('Projects allowed to use the flavor {{name}}', { name: flavor.name })}
      submitLabel={t('Save')}
      variant="large"
      onClose={onClose}
      onSubmit={async () => {
        await update.mutateAsync({
          id: flavor.id,
          body: { ...flavorUpdateBody(flavor), is_public: false, flavor_access: access },
        });
        return { updated: [flavor.id] };
      }}
    >
      <ProjectAccessPicker projects={projects.data ?? []} chosen={access} onChange={setAccess} />
    </ModalForm>
  );
}

/** Modify Access of a private flavor: the projects that may use it. */
export function ModifyAccessModal({ target, onClose }: ModalProps<Flavor>): ReactNode {
  const detail = useQuery(flavorQueries.detail(target.id));
  return (
    <ModalData data={detail.data} isError={detail.isError} id={target.id} onClose={onClose}>
      {(flavor) => <AccessForm flavor={flavor} onClose={onClose} />}
    </ModalData>
  );
}
