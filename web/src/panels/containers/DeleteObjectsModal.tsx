import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Spinner,
} from '@patternfly/react-core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { SwiftObject } from '@skydeck/contract';
import { ApiError } from '../../api/http';
import { deleteObjectPath, listObjectsPage, swiftQueries } from '../../data/swift/objects';
import { toast } from '../../ui/Toasts/toast';
import { deleteAll, discover, type DeleteCounts, type Discovery } from './deleteObjects';

type Phase = 'discovery' | 'ready' | 'deleting';

/**
 * Delete objects (spec 3 §4): discovery counts the files and folders the selection holds and
 * can be cancelled; deletion removes files first, then folders bottom-up, a folder's 404
 * counting as deleted, and reports the counts when it closes.
 */
export function DeleteObjectsModal({
  container,
  items,
  onClose,
}: {
  container: string;
  items: readonly SwiftObject[];
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('discovery');
  const [found, setFound] = useState<Discovery>({ files: [], folders: [] });
  const [counts, setCounts] = useState<DeleteCounts>({ deleted: 0, failed: 0 });
  const controller = useRef(new AbortController());

  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    discover(
      items,
      (folder, marker, signal) => listObjectsPage(container, folder, marker, true, signal),
      abort.signal,
      setFound,
    )
      .then((result) => {
        setFound(result);
        setPhase('ready');
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) {
          toast.error(t('Unable to retrieve the Swift objects.'));
          onClose();
        }
        void error;
      });
    return () => abort.abort();
    // Discovery runs once, for the selection the modal opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const run = async (): Promise<void> => {
    setPhase('deleting');
    const result = await deleteAll(
      found,
      (path) => deleteObjectPath(container, path),
      (error) => error instanceof ApiError && error.status === 404,
      setCounts,
    );
    if (result.deleted > 0)
      toast.success(t('Deleted {{count}} item(s).', { count: result.deleted }));
    if (result.failed > 0)
      toast.error(t('Unable to delete {{count}} item(s).', { count: result.failed }));
    void queryClient.invalidateQueries({ queryKey: swiftQueries.all() });
    onClose();
  };

  const cancel = (): void => {
    controller.current.abort();
    onClose();
  };
  const summary = t('{{files}} file(s) and {{folders}} folder(s)', {
    files: found.files.length,
    folders: found.folders.length,
  });
  return (
    <Modal
      isOpen
      variant="small"
      onClose={phase === 'deleting' ? undefined : cancel}
      aria-labelledby="delete-objects-title"
    >
      <ModalHeader
        title={t('Delete Objects')}
        labelId="delete-objects-title"
        titleIconVariant="warning"
      />
      <ModalBody>
        {phase === 'discovery' && (
          <p>
            <Spinner size="md" aria-label={t('Counting')} />{' '}
            {t('Counting: {{summary}}', { summary })}
          </p>
        )}
        {phase === 'ready' && <p>{t('Delete {{summary}}? This cannot be undone.', { summary })}</p>}
        {phase === 'deleting' && (
          <p>
            <Spinner size="md" aria-label={t('Deleting')} />{' '}
            {t('Deleted {{deleted}} of {{total}}, {{failed}} failed', {
              deleted: counts.deleted,
              failed: counts.failed,
              total: found.files.length + found.folders.length,
            })}
          </p>
        )}
      </ModalBody>
      <ModalFooter>
        <Button variant="danger" isDisabled={phase !== 'ready'} onClick={() => void run()}>
          {t('Delete')}
        </Button>
        <Button variant="link" isDisabled={phase === 'deleting'} onClick={cancel}>
          {t('Cancel')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
