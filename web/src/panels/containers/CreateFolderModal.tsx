import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { swiftMutations } from '../../data/swift/objects';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { TextField } from '../../ui/fields/TextField';

/** Create Folder: a pseudo-folder (a marker object ending with "/") in the folder shown. */
export function CreateFolderModal({
  container,
  folder,
  onClose,
}: {
  container: string;
  folder: string;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(swiftMutations.createFolder);
  const [name, setName] = useState('');
  const trimmed = name.trim().replace(/\/+$/, '');
  const bad = trimmed.split('/').some((part) => part === '' || part === '.' || part === '..');
  return (
    <ModalForm
      title={t('Create Folder')}
      submitLabel={t('Create')}
      isValid={trimmed !== '' && !bad}
      onClose={onClose}
      onSubmit={() => create.mutateAsync({ container, path: folder, name: trimmed })}
    >
      <TextField
        label={t('Folder Name')}
        isRequired
        maxLength={255}
        value={name}
        onChange={setName}
        helperText={t('Folder: {{path}}', { path: `${container}/${folder}` })}
        error={
          trimmed !== '' && bad
            ? t('A folder name must not have empty, "." or ".." parts.')
            : undefined
        }
      />
    </ModalForm>
  );
}
