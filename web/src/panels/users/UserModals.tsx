import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { KeystoneUser, Project } from '@skydeck/contract';
import { projectQueries } from '../../data/keystone/projects';
import { defaultRoleId, roleQueries, userMutations } from '../../data/keystone/users';
import type { ModalProps } from '../../registry/types';
import { ConfirmChangeModal } from '../../ui/ConfirmChangeModal/ConfirmChangeModal';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm, type FieldBinding } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { PasswordPairFields } from '../../ui/fields/PasswordPairFields';
import { TextField } from '../../ui/fields/TextField';
import {
  createUserErrors,
  passwordErrors,
  USER_FIELD_MAX,
  userFieldErrors,
  type UserFormValues,
} from './userForm';

/** Projects as primary-project choices, by name. */
const projectOptionsOf = (projects: readonly Project[]): { value: string; label: string }[] =>
  [...projects]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) => ({ value: p.id, label: p.name }));

/** Name, email and description: what Create and Edit User both ask. */
function UserIdentityFields({
  name,
  email,
  description,
}: {
  name: FieldBinding<string>;
  email: FieldBinding<string>;
  description: FieldBinding<string>;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={t('User Name')} isRequired maxLength={USER_FIELD_MAX} {...name} />
      <TextField label={t('Email')} type="email" maxLength={USER_FIELD_MAX} {...email} />
      <TextAreaField label={t('Description')} {...description} />
    </>
  );
}

/** Create User (spec 3 §5): name, email, password twice, primary project and role, enabled. */
export function CreateUserModal({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const projects = useQuery(projectQueries.list());
  const roles = useQuery(roleQueries.list());
  const create = useMutation(userMutations.create);
  // A new user gets the default member role unless another is chosen.
  const fallbackRole = defaultRoleId(roles.data ?? []) ?? '';
  const form = useForm<UserFormValues>(
    {
      name: '',
      email: '',
      description: '',
      password: '',
      confirm: '',
      project: '',
      role: '',
      enabled: true,
    },
    (v) => createUserErrors({ ...v, role: v.role || fallbackRole }, t),
  );
  const role = form.values.role || fallbackRole;
  const projectOptions = projectOptionsOf((projects.data ?? []).filter((p) => p.enabled));
  return (
    <ModalForm
      title={t('Create User')}
      submitLabel={t('Create User')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const v = form.values;
        const user = await create.mutateAsync({
          name: v.name.trim(),
          ...(v.email.trim() && { email: v.email.trim() }),
          ...(v.description && { description: v.description }),
          password: v.password,
          project_id: v.project,
          role_id: role,
          enabled: v.enabled,
        });
        return { created: [user.id] };
      }}
    >
      <UserIdentityFields
        name={form.bind('name')}
        email={form.bind('email')}
        description={form.bind('description')}
      />
      <PasswordPairFields password={form.bind('password')} confirm={form.bind('confirm')} />
      <SelectField
        label={t('Primary Project')}
        isRequired
        placeholder={t('Select a project')}
        options={projectOptions}
        {...form.bind('project')}
      />
      <SelectField
        label={t('Role')}
        isRequired
        options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        {...form.bind('role')}
        value={role}
      />
      <CheckboxField
        label={t('Enabled')}
        checked={form.values.enabled}
        onChange={(checked) => form.setValue('enabled', checked)}
      />
    </ModalForm>
  );
}

/** Edit User: name, email, description and primary project. */
export function EditUserModal({ target, onClose }: ModalProps<KeystoneUser>): ReactNode {
  const { t } = useTranslation();
  const projects = useQuery(projectQueries.list());
  const update = useMutation(userMutations.update);
  const form = useForm(
    {
      name: target.name,
      email: target.email ?? '',
      description: target.description ?? '',
      project: target.default_project_id ?? '',
    },
    (v) => userFieldErrors(v, t),
  );
  return (
    <ModalForm
      title={t('Edit User')}
      submitLabel={t('Update User')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const v = form.values;
        await update.mutateAsync({
          id: target.id,
          body: {
            name: v.name.trim(),
            email: v.email.trim(),
            description: v.description,
            ...(v.project && { default_project_id: v.project }),
          },
        });
        return { updated: [target.id] };
      }}
    >
      <UserIdentityFields
        name={form.bind('name')}
        email={form.bind('email')}
        description={form.bind('description')}
      />
      <SelectField
        label={t('Primary Project')}
        placeholder={t('Select a project')}
        options={projectOptionsOf(projects.data ?? [])}
        {...form.bind('project')}
      />
    </ModalForm>
  );
}

/** Change Password of a user (an administrator's action; the own password is in Settings). */
export function ChangeUserPasswordModal({ target, onClose }: ModalProps<KeystoneUser>): ReactNode {
  const { t } = useTranslation();
  const change = useMutation(userMutations.changePassword);
  const form = useForm({ password: '', confirm: '' }, (v) => passwordErrors(v, t));
  return (
    <ModalForm
      title={t('Change Password')}
      submitLabel={t('Save')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        await change.mutateAsync({ id: target.id, password: form.values.password });
        return { updated: [target.id] };
      }}
    >
      <TextField label={t('User Name')} value={target.name} onChange={() => undefined} isDisabled />
      <PasswordPairFields password={form.bind('password')} confirm={form.bind('confirm')} />
    </ModalForm>
  );
}

function ToggleUser({
  target,
  onClose,
  enabled,
}: ModalProps<KeystoneUser> & { enabled: boolean }): ReactNode {
  const { t } = useTranslation();
  const change = useMutation(userMutations.setEnabled);
  return (
    <ConfirmChangeModal
      title={enabled ? t('Enable User') : t('Disable User')}
      question={
        enabled
          ? t('Enable the user {{name}}?', { name: target.name })
          : t('Disable the user {{name}}? They cannot sign in while disabled.', {
              name: target.name,
            })
      }
      onClose={onClose}
      onConfirm={async () => {
        await change.mutateAsync({ user: target, enabled });
        return { updated: [target.id] };
      }}
    />
  );
}

export function EnableUserModal(props: ModalProps<KeystoneUser>): ReactNode {
  return <ToggleUser {...props} enabled />;
}

export function DisableUserModal(props: ModalProps<KeystoneUser>): ReactNode {
  return <ToggleUser {...props} enabled={false} />;
}
