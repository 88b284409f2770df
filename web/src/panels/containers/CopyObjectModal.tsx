import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { SwiftObject } from '@skydeck/contract';
import { swiftMutations } from '../../data/swift/objects';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { TextField } from '../../ui/fields/TextField';

/** Copy Object (spec 3 §7): to any container and name; a failure only ends the wait. */
export function CopyObjectModal({
  container,
  item,
  onClose,
}: {
  container: string;
  item: SwiftObject;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const copy = useMutation(swiftMutations.copy);
  const [destContainer, setDestContainer] = useState(container);
  const [destName, setDestName] = useState(item.path);
  const valid =
    destContainer.trim() !== '' &&
    !destContainer.includes('/') &&
    destName.trim() !== '' &&
    !destName.endsWith('/');
  return (
    <ModalForm
      title={t('Copy Object: {{name}}', { name: item.name })}
      submitLabel={t('Copy Object')}
      isValid={valid}
      onClose={onClose}
      onSubmit={() =>
        copy.mutateAsync({
          container,
          path: item.path,
          destContainer: destContainer.trim(),
          destName: destName.trim(),
        })
      }
    >
      <TextField
        label={t('Destination Container')}
        isRequired
        maxLength={255}
        value={destContainer}
        onChange={setDestContainer}
        error={destContainer.includes('/') ? t('Container name must not contain "/".') : undefined}
      />
      <TextField
        label={t('Destination Object Name')}
        isRequired
        maxLength={1024}
        value={destName}
        onChange={setDestName}
      />
    </ModalForm>
  );
}
