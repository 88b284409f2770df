import type { ReactNode } from 'react';
import type { Instance } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { MetadataModal } from '../../ui/metadata/MetadataModal';

/** Update Metadata: the generic metadata editor for kind "instance" (Nova server metadata). */
export function InstanceMetadataModal({ target, onClose }: ModalProps<Instance>): ReactNode {
  return <MetadataModal kind="instance" id={target.id} onClose={onClose} />;
}
