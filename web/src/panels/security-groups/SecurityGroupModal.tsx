import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { SecurityGroup } from '@skydeck/contract';
import { securityGroupMutations } from '../../data/neutron/securityGroups';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';

interface Values {
  name: string;
  description: string;
}

function SecurityGroupForm({
  group,
  onClose,
}: {
  group?: SecurityGroup;
  onClose: ModalProps<unknown>['onClose'];
}): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(securityGroupMutations.create);
  const update = useMutation(securityGroupMutations.update);
  const form = useForm<Values>(
    { name: group?.name ?? '', description: group?.description ?? '' },
    (v) => ({ name: v.name.trim() === '' ? t('This field is required.') : undefined }),
  );
  // Neutron keeps the default group's name.
  const isDefault = group?.name === 'default';
  return (
    <ModalForm
      title={group ? t('Edit Security Group') : t('Create Security Group')}
      submitLabel={group ? t('Save Changes') : t('Create Security Group')}
      isValid={form.isValid}
      onClose={onClose}
      description={
        group
          ? undefined
          : t(
              'Security groups are sets of IP filter rules applied to the network interfaces of instances. After the group is created, add rules to it.',
            )
      }
      onSubmit={async () => {
        const name = form.values.name.trim();
        const description = form.values.description.trim();
        if (group) {
          const body = isDefault ? { description } : { name, description };
          const updated = await update.mutateAsync({ id: group.id, body });
          return { updated: [updated.id] };
        }
        const created = await create.mutateAsync({ name, description });
        return { created: [created.id] };
      }}
    >
      <TextField
        label={t('Name')}
        isRequired
        maxLength={255}
        isDisabled={isDefault}
        {...form.bind('name')}
      />
      <TextAreaField label={t('Description')} maxLength={255} {...form.bind('description')} />
    </ModalForm>
  );
}

export function CreateSecurityGroupModal({ onClose }: ModalProps<undefined>): ReactNode {
  return <SecurityGroupForm onClose={onClose} />;
}

export function EditSecurityGroupModal({ target, onClose }: ModalProps<SecurityGroup>): ReactNode {
  return <SecurityGroupForm group={target} onClose={onClose} />;
}
