import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Image } from '@skydeck/contract';
import type { ModalProps } from '../registry/types';
import { LaunchInstanceWizard } from './LaunchInstanceWizard';

/**
 * The wizard preset with an image (spec 3 §2): an instance snapshot is preset as one. After a
 * launch the user is taken to the instances (the success url); closing stays (the dismiss url).
 */
export function LaunchFromImage({ target, onClose }: ModalProps<Image>): ReactNode {
  const navigate = useNavigate();
  const snapshot = target.properties['image_type'] === 'snapshot';
  return (
    <LaunchInstanceWizard
      preset={{ source_type: snapshot ? 'snapshot' : 'image', source_id: target.id }}
      onClose={(result) => {
        onClose(result);
        if (result?.created?.length) void navigate('/project/instances');
      }}
    />
  );
}
