import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  ClipboardCopy,
  Form,
  FormGroup,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Spinner,
  TextArea,
} from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance } from '@skydeck/contract';
import { instanceQueries } from '../../data/nova/servers';
import { msg } from '../../i18n/msg';
import type { ModalProps } from '../../registry/types';
import { FileField } from '../../ui/fields/FileField';
import { decryptPassword } from './passwordDecrypt';

/** Spec 1 §5, §8: the password modal's two failures. */
export const DECRYPT_FAILED = msg('Could not decrypt the password');
export const READ_FAILED = msg('Could not read the file');

/**
 * Retrieve Password (spec 1 §2): the encrypted password from Nova, and a private key pasted or
 * read from a file (FileReader: the file stays on this machine). The key is used here, in the
 * page, and is sent nowhere: no request carries it.
 */
export function InstancePasswordModal({ target, onClose }: ModalProps<Instance>): ReactNode {
  const { t } = useTranslation();
  const formId = `password-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const encrypted = useQuery(instanceQueries.encryptedPassword(target.id));
  const [file, setFile] = useState<File>();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string>();
  const [password, setPassword] = useState<string>();

  const decrypt = (event?: FormEvent): void => {
    event?.preventDefault();
    if (!encrypted.data || key.trim() === '') return;
    try {
      setPassword(decryptPassword(encrypted.data, key));
      setError(undefined);
    } catch {
      setPassword(undefined);
      setError(t(DECRYPT_FAILED));
    }
  };

  const none = encrypted.isSuccess && encrypted.data === '';
  return (
    <Modal isOpen variant="medium" onClose={() => onClose()} aria-labelledby={`${formId}-title`}>
      <ModalHeader
        title={t('Retrieve Instance Password')}
        labelId={`${formId}-title`}
        description={t(
          'The password of {{name}} is encrypted with its key pair ({{key}}). Give the private key of that pair to read it: it is used in this page only and sent nowhere.',
          { name: target.name || target.id, key: target.key_name ?? '' },
        )}
      />
      <ModalBody>
        <Form id={formId} onSubmit={decrypt} noValidate>
          {error && <Alert variant="danger" isInline title={error} role="alert" />}
          {encrypted.isPending && <Spinner size="lg" aria-label={t('Loading')} />}
          {none && (
            <Alert
              variant="info"
              isInline
              title={t('The instance has no password yet: its guest has not posted one.')}
            />
          )}
          {encrypted.data && (
            <FormGroup label={t('Encrypted Password')} fieldId={`${formId}-encrypted`}>
              <TextArea
                id={`${formId}-encrypted`}
                value={encrypted.data}
                readOnly
                rows={4}
                resizeOrientation="vertical"
              />
            </FormGroup>
          )}
          {encrypted.data && (
            <FileField
              label={t('Private Key')}
              helperText={t('Paste the private key, or choose its file.')}
              file={file}
              onFileChange={(f) => {
                setFile(f);
                setError(undefined);
              }}
              text={key}
              onTextChange={(text) => {
                setKey(text);
                setPassword(undefined);
              }}
              onReadFailed={() => setError(t(READ_FAILED))}
            />
          )}
          {password !== undefined && (
            <FormGroup label={t('Password')} fieldId={`${formId}-password`}>
              <ClipboardCopy
                id={`${formId}-password`}
                isReadOnly
                hoverTip={t('Copy')}
                clickTip={t('Copied')}
                textAriaLabel={t('Password')}
              >
                {password}
              </ClipboardCopy>
            </FormGroup>
          )}
        </Form>
      </ModalBody>
      <ModalFooter>
        {encrypted.data && (
          <Button type="submit" form={formId} isDisabled={key.trim() === ''}>
            {t('Decrypt Password')}
          </Button>
        )}
        <Button variant="link" onClick={() => onClose()}>
          {t('Close')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
