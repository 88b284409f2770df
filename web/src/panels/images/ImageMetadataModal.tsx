import type { ReactNode } from 'react';
import type { Image } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { MetadataModal } from '../../ui/metadata/MetadataModal';

/** Images' Update Metadata: the generic metadata modal for kind "image". */
export function ImageMetadataModal({ target, onClose }: ModalProps<Image>): ReactNode {
  return <MetadataModal kind="image" id={target.id} onClose={onClose} />;
}
