import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Role } from '@skydeck/contract';
import { roleMutations } from '../../data/keystone/domains';
import { roleQueries } from '../../data/keystone/users';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { TextField } from '../../ui/fields/TextField';

function RoleForm({
  role,
  onClose,
}: {
  role?: Role;
  onClose: ModalProps<undefined>['onClose'];
}): ReactNode {
  const { t } = useTranslation();
  const roles = useQuery(roleQueries.list());
  const create = useMutation(roleMutations.create);
  const update = useMutation(roleMutations.update);
  // Spec 3 §5: the name must be unique, any case, as Keystone compares it.
  const taken = new Set(
    (roles.data ?? []).filter((r) => r.id !== role?.id).map((r) => r.name.toLowerCase()),
  );
  const form = useForm({ name: role?.name ?? '' }, (v) => ({
    name:
      v.name.trim() === ''
        ? t('This field is required.')
        : taken.has(v.name.trim().toLowerCase())
          ? t('Role already exists.')
          : undefined,
  }));
  const title = role ? t('Edit Role') : t('Create Role');
  return (
    <ModalForm
      title={title}
      submitLabel={role ? t('Save') : t('Create Role')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const name = form.values.name.trim();
        if (role) {
          await update.mutateAsync({ id: role.id, body: { name } });
          return { updated: [role.id] };
        }
        const created = await create.mutateAsync({ name });
        return { created: [created.id] };
      }}
    >
      <TextField label={t('Role Name')} isRequired maxLength={255} {...form.bind('name')} />
    </ModalForm>
  );
}

export function CreateRoleModal({ onClose }: ModalProps<undefined>): ReactNode {
  return <RoleForm onClose={onClose} />;
}

export function EditRoleModal({ target, onClose }: ModalProps<Role>): ReactNode {
  return <RoleForm role={target} onClose={onClose} />;
}
