import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Volume } from '@skydeck/contract';
import { instanceQueries } from '../../data/nova/servers';
import { detailsPath } from '../../registry/defineResource';

/**
 * "Attached to": each instance as a link to its details page, with the device. Names come from
 * one read of the project's instances (shared by every row through the query cache); an instance
 * the list does not hold (another project's, for an admin) shows its id.
 */
export function AttachedTo({ volume }: { volume: Volume }): ReactNode {
  const instances = useQuery({
    ...instanceQueries.list({}, false),
    enabled: volume.attachments.length > 0,
  });
  if (volume.attachments.length === 0) return null;
  return (
    <>
      {volume.attachments.map((a, i) => {
        const name = instances.data?.find((x) => x.id === a.server_id)?.name || a.server_id;
        return (
          <span key={a.attachment_id || a.server_id}>
            {i > 0 && ', '}
            <Link to={detailsPath('OS::Nova::Server', a.server_id)}>{name}</Link>
            {a.device ? ` (${a.device})` : ''}
          </span>
        );
      })}
    </>
  );
}

export const attachedText = (volume: Volume): string =>
  volume.attachments.map((a) => `${a.server_id} ${a.device}`).join(', ');
