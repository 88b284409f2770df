import { useMemo, useReducer, useEffect, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { MetadefNamespace } from '@skydeck/contract';
import type { ActionResult } from '../../registry/types';
import { ModalLoading } from '../ActionMenu/ModalLoading';
import { FormError } from '../ModalForm/FormError';
import { ModalForm } from '../ModalForm/ModalForm';
import { MetadataEditor } from './MetadataEditor';
import {
  METADATA_UPDATE_FAILED,
  metadataMutations,
  metadataQueries,
  type MetadataKind,
} from '../../data/metadata';
import { MetadataTree, validateProperty } from './metadataTree';

export interface MetadataModalProps {
  kind: MetadataKind;
  id: string;
  onClose: (result?: ActionResult) => void;
}

function MetadataForm({
  kind,
  id,
  namespaces,
  existing,
  onClose,
}: MetadataModalProps & {
  namespaces: MetadefNamespace[];
  existing: Record<string, string>;
}): ReactNode {
  const { t } = useTranslation();
  const tree = useMemo(() => new MetadataTree(namespaces, existing), [namespaces, existing]);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const update = useMutation(useMemo(() => metadataMutations.update(kind), [kind]));
  const isValid = tree.added().every((n) => !n.leaf || !validateProperty(n.leaf));
  return (
    <ModalForm
      title={t('Update Metadata')}
      submitLabel={t('Save')}
      variant="large"
      isValid={isValid}
      onClose={onClose}
      onSubmit={async () => {
        try {
          await update.mutateAsync({ id, body: tree.result() });
        } catch (error) {
          // Spec 2 §8: the failure is toasted and the modal stays open.
          throw new FormError(
            error instanceof Error && error.name === 'FormError'
              ? error.message
              : t(METADATA_UPDATE_FAILED),
          );
        }
        return { updated: [id] };
      }}
    >
      <MetadataEditor tree={tree} onChange={rerender} />
    </ModalForm>
  );
}

/** Update Metadata for any metadata kind (spec 2 §2, §3, §8). */
export function MetadataModal({ kind, id, onClose }: MetadataModalProps): ReactNode {
  const namespaces = useQuery(metadataQueries.namespaces(kind));
  const existing = useQuery(metadataQueries.existing(kind, id));
  const failed = namespaces.isError || existing.isError;
  useEffect(() => {
    if (failed) onClose({ failed: [id] });
  }, [failed, onClose, id]);
  if (!namespaces.data || !existing.data) return failed ? null : <ModalLoading />;
  return (
    <MetadataForm
      kind={kind}
      id={id}
      namespaces={namespaces.data}
      existing={existing.data}
      onClose={onClose}
    />
  );
}
