import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  FileUpload,
  Form,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Progress,
} from '@patternfly/react-core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { SwiftObject } from '@skydeck/contract';
import { ApiError } from '../../api/http';
import { uploadPercent } from '../../api/upload';
import { FILE_UPLOADED, objectExists, swiftQueries, uploadObject } from '../../data/swift/objects';
import { toast } from '../../ui/Toasts/toast';
import { TextField } from '../../ui/fields/TextField';

/**
 * Upload File, or Edit (replace) an object (spec 3 §2, §5): the name is filled from the file
 * and checked against the folder's objects; the file streams through the server into Swift
 * (a large one as a Static Large Object), with progress; Cancel stops it and nothing is kept.
 */
export function UploadObjectModal({
  container,
  folder,
  replace,
  onClose,
}: {
  container: string;
  folder: string;
  replace?: SwiftObject;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File>();
  const [name, setName] = useState(replace?.name ?? '');
  const [exists, setExists] = useState<string>();
  const [percent, setPercent] = useState<number>();
  const controller = useRef<AbortController>(undefined);
  const trimmed = name.trim();
  const path = replace ? replace.path : `${folder}${trimmed}`;

  useEffect(() => {
    if (replace || trimmed === '') return undefined;
    let current = true;
    const timer = setTimeout(() => {
      objectExists(container, path)
        .then((found) => current && setExists(found ? path : undefined))
        .catch(() => undefined);
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [container, path, replace, trimmed]);

  // Closing the modal mid-upload cancels it.
  useEffect(() => () => controller.current?.abort(), []);

  const uploading = percent !== undefined;
  const nameError =
    trimmed === ''
      ? undefined
      : trimmed.endsWith('/') || trimmed.split('/').some((p) => p === '.' || p === '..')
        ? t('An object name must not end with "/" or have "." or ".." parts.')
        : exists === path
          ? t('An object with that name exists.')
          : undefined;
  const valid = file !== undefined && trimmed !== '' && nameError === undefined;

  const start = async (): Promise<void> => {
    if (!file || !valid) return;
    const abort = new AbortController();
    controller.current = abort;
    setPercent(-1);
    try {
      await uploadObject(
        container,
        path,
        file,
        (loaded, total) => setPercent(uploadPercent(loaded, total)),
        abort.signal,
      );
      toast.success(t(FILE_UPLOADED, { name: path }));
    } catch (error) {
      // Spec 3 §8: a failed upload only ends the wait; a cancel is the user's own doing.
      if (error instanceof ApiError) toast.error(t('Unable to upload the object.'));
    } finally {
      controller.current = undefined;
      void queryClient.invalidateQueries({ queryKey: swiftQueries.all() });
      onClose();
    }
  };

  const title = replace
    ? t('Edit Object: {{name}}', { name: replace.name })
    : t('Upload File to {{path}}', { path: `${container}/${folder}` });
  return (
    <Modal
      isOpen
      variant="medium"
      onClose={() => {
        controller.current?.abort();
        onClose();
      }}
      aria-labelledby="upload-object-title"
    >
      <ModalHeader title={title} labelId="upload-object-title" />
      <ModalBody>
        <Form
          id="upload-object-form"
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
        >
          <FileUpload
            id="upload-object-file"
            type="dataURL"
            filename={file?.name ?? ''}
            filenamePlaceholder={t('Choose a file')}
            browseButtonText={t('Browse')}
            clearButtonText={t('Clear')}
            isDisabled={uploading}
            hideDefaultPreview
            onFileInputChange={(_event, chosen) => {
              setFile(chosen);
              if (!replace) setName(chosen.name);
            }}
            onClearClick={() => setFile(undefined)}
          />
          {!replace && (
            <TextField
              label={t('Object Name')}
              isRequired
              maxLength={1024}
              value={name}
              onChange={setName}
              isReadOnly={uploading}
              error={nameError}
              helperText={t('A "/" in the name puts the object in a folder.')}
            />
          )}
          {uploading && (
            <Progress
              title={t('Uploading')}
              value={percent < 0 ? 0 : percent}
              aria-label={t('Upload progress')}
            />
          )}
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button
          type="submit"
          form="upload-object-form"
          isDisabled={!valid || uploading}
          isLoading={uploading}
        >
          {replace ? t('Update Object') : t('Upload File')}
        </Button>
        <Button
          variant="link"
          onClick={() => {
            controller.current?.abort();
            onClose();
          }}
        >
          {t('Cancel')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
