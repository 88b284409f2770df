import { useEffect, useState, type ReactNode } from 'react';
import { Checkbox } from '@patternfly/react-core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { containerExists, swiftMutations } from '../../data/swift/objects';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { TextField } from '../../ui/fields/TextField';

/**
 * Create Container (spec 3 §5): a name without "/", checked as it is typed against the
 * existing containers ("A container with that name exists."), public or not.
 */
export function CreateContainerModal({
  onClose,
}: {
  onClose: (created?: string) => void;
}): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(swiftMutations.createContainer);
  const [name, setName] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [taken, setTaken] = useState<string>();
  // The last name the check answered for: until it answers for this one, submit waits.
  const [checked, setChecked] = useState<string>();
  const trimmed = name.trim();
  const checking = trimmed !== '' && !trimmed.includes('/') && checked !== trimmed;
  useEffect(() => {
    if (trimmed === '' || trimmed.includes('/')) return undefined;
    let current = true;
    // Asked once typing pauses, so a name is checked rather than each keystroke.
    const timer = setTimeout(() => {
      containerExists(trimmed)
        .then((exists) => {
          if (!current) return;
          setTaken(exists ? trimmed : undefined);
          setChecked(trimmed);
        })
        // The check could not be made: the server's own answer to the create will tell.
        .catch(() => current && setChecked(trimmed));
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [trimmed]);
  const error =
    trimmed === ''
      ? undefined
      : trimmed.includes('/')
        ? t('Container name must not contain "/".')
        : taken === trimmed
          ? t('A container with that name exists.')
          : undefined;
  return (
    <ModalForm
      title={t('Create Container')}
      submitLabel={t('Create')}
      isValid={trimmed !== '' && error === undefined && !checking}
      onClose={() => onClose()}
      onSubmit={async () => {
        await create.mutateAsync({ name: trimmed, isPublic });
        onClose(trimmed);
      }}
    >
      <TextField
        label={t('Container Name')}
        isRequired
        maxLength={255}
        value={name}
        onChange={setName}
        error={error}
      />
      <Checkbox
        id="container-public"
        label={t('Public')}
        description={t('A public container lets anyone with its URL read its objects.')}
        isChecked={isPublic}
        onChange={(_event, checked) => setPublic(checked)}
      />
    </ModalForm>
  );
}
