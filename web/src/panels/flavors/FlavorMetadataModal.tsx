import type { ReactNode } from 'react';
import type { Flavor } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { MetadataModal } from '../../ui/metadata/MetadataModal';

/** Flavors' Update Metadata: the generic metadata modal for kind "flavor" (extra specs). */
export function FlavorMetadataModal({ target, onClose }: ModalProps<Flavor>): ReactNode {
  return <MetadataModal kind="flavor" id={target.id} onClose={onClose} />;
}
