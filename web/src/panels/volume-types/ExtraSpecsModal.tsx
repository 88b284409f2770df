import type { ReactNode } from 'react';
import type { VolumeType } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { MetadataModal } from '../../ui/metadata/MetadataModal';

/** A type's extra specs in the shared metadata editor (kind volume_type: add, edit, delete). */
export function ExtraSpecsModal({ target, onClose }: ModalProps<VolumeType>): ReactNode {
  return <MetadataModal kind="volume_type" id={target.id} onClose={onClose} />;
}
