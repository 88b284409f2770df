import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Volume } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { LaunchInstanceWizard } from '../../launch/LaunchInstanceWizard';

/**
 * Volumes → Launch as Instance: the wizard preset to boot from this volume. After a launch the
 * user is taken to the instances; closing stays on the volumes.
 */
export function LaunchFromVolume({ target, onClose }: ModalProps<Volume>): ReactNode {
  const navigate = useNavigate();
  return (
    <LaunchInstanceWizard
      preset={{ source_type: 'volume', source_id: target.id }}
      onClose={(result) => {
        onClose(result);
        if (result?.created?.length) void navigate('/project/instances');
      }}
    />
  );
}
