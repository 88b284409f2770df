import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { Flex, FlexItem, Spinner, Title } from '@patternfly/react-core';
import type { KeystoneGroup } from '@skydeck/contract';
import { groupMutations, groupQueries, membershipChanges } from '../../data/keystone/groups';
import { UserPicker } from '../../ui/UserPicker/UserPicker';
import { PersonList, type Person } from '../../ui/UserPicker/PersonList';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';

function GroupForm({
  group,
  onClose,
}: {
  group?: KeystoneGroup;
  onClose: ModalProps<undefined>['onClose'];
}): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(groupMutations.create);
  const update = useMutation(groupMutations.update);
  const form = useForm({ name: group?.name ?? '', description: group?.description ?? '' }, (v) => ({
    name: v.name.trim() === '' ? t('This field is required.') : undefined,
  }));
  return (
    <ModalForm
      title={group ? t('Edit Group') : t('Create Group')}
      submitLabel={group ? t('Save') : t('Create Group')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const body = { name: form.values.name.trim(), description: form.values.description };
        if (group) {
          await update.mutateAsync({ id: group.id, body });
          return { updated: [group.id] };
        }
        const created = await create.mutateAsync(body);
        return { created: [created.id] };
      }}
    >
      <TextField label={t('Name')} isRequired maxLength={64} {...form.bind('name')} />
      <TextAreaField label={t('Description')} {...form.bind('description')} />
    </ModalForm>
  );
}

export function CreateGroupModal({ onClose }: ModalProps<undefined>): ReactNode {
  return <GroupForm onClose={onClose} />;
}

export function EditGroupModal({ target, onClose }: ModalProps<KeystoneGroup>): ReactNode {
  return <GroupForm group={target} onClose={onClose} />;
}

function MembersEditor({
  group,
  initial,
  onClose,
}: {
  group: KeystoneGroup;
  initial: Person[];
  onClose: ModalProps<KeystoneGroup>['onClose'];
}): ReactNode {
  const { t } = useTranslation();
  const save = useMutation(groupMutations.setMembers);
  const [members, setMembers] = useState<Person[]>(initial);
  const memberIds = new Set(members.map((m) => m.id));
  const changes = membershipChanges(
    initial.map((m) => m.id),
    members.map((m) => m.id),
  );
  return (
    <ModalForm
      title={t('Manage Members of {{name}}', { name: group.name })}
      submitLabel={t('Save')}
      variant="large"
      isValid={changes.add.length + changes.remove.length > 0}
      onClose={onClose}
      onSubmit={async () => {
        await save.mutateAsync({ id: group.id, ...changes });
        return { updated: [group.id] };
      }}
    >
      <Flex gap={{ default: 'gapLg' }} alignItems={{ default: 'alignItemsFlexStart' }}>
        <FlexItem flex={{ default: 'flex_1' }}>
          <UserPicker
            exclude={memberIds}
            onAdd={(p) => setMembers([...members, { id: p.id, name: p.name }])}
          />
        </FlexItem>
        <FlexItem flex={{ default: 'flex_1' }}>
          <Title headingLevel="h3" size="md">
            {t('Group Members')}
          </Title>
          {members.length === 0 && <p>{t('No members.')}</p>}
          <PersonList
            label={t('Group Members')}
            people={members}
            kind="remove"
            onAction={(p) => setMembers(members.filter((m) => m.id !== p.id))}
          />
        </FlexItem>
      </Flex>
    </ModalForm>
  );
}

/** Manage Members: users found by name are added, members removed; saved as one change. */
export function ManageMembersModal({ target, onClose }: ModalProps<KeystoneGroup>): ReactNode {
  const { t } = useTranslation();
  const members = useQuery(groupQueries.members(target.id));
  if (!members.data) return <Spinner size="lg" aria-label={t('Loading')} />;
  return (
    <MembersEditor
      group={target}
      initial={members.data.map((u) => ({ id: u.id, name: u.name }))}
      onClose={onClose}
    />
  );
}
