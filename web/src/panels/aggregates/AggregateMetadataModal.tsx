import type { ReactNode } from 'react';
import type { Aggregate } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { MetadataModal } from '../../ui/metadata/MetadataModal';

/** Host aggregates' Update Metadata: the generic metadata modal for kind "aggregate". */
export function AggregateMetadataModal({ target, onClose }: ModalProps<Aggregate>): ReactNode {
  return <MetadataModal kind="aggregate" id={target.id} onClose={onClose} />;
}
