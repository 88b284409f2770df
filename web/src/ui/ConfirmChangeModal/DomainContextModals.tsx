import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { KeystoneDomain } from '@skydeck/contract';
import { domainContextMutations } from '../../data/keystone/domainContext';
import { shellQueries } from '../../data/shell';
import type { ModalProps } from '../../registry/types';
import { ConfirmChangeModal } from './ConfirmChangeModal';

/** Set Domain Context (a Domains row action). */
export function SetDomainContextModal({ target, onClose }: ModalProps<KeystoneDomain>): ReactNode {
  const { t } = useTranslation();
  const set = useMutation(domainContextMutations.set);
  return (
    <ConfirmChangeModal
      title={t('Set Domain Context')}
      question={t(
        'Work in the domain {{name}}? Projects, users and groups are then listed and created in it until the context is cleared.',
        { name: target.name },
      )}
      onClose={onClose}
      onConfirm={async () => {
        await set.mutateAsync(target);
        return { updated: [target.id] };
      }}
    />
  );
}

/** Clear Domain Context: names the domain in use, or says that none is. */
export function ClearDomainContextModal({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const session = useQuery(shellQueries.session());
  const clear = useMutation(domainContextMutations.clear);
  const current = session.data?.domain_context;
  return (
    <ConfirmChangeModal
      title={t('Clear Domain Context')}
      question={
        current
          ? t(
              'The identity panels work in the domain {{name}}. Clear the context to see every domain again?',
              { name: current.name },
            )
          : t('No domain context is set: the identity panels show every domain.')
      }
      onClose={onClose}
      onConfirm={async () => {
        if (current) await clear.mutateAsync();
        return {};
      }}
    />
  );
}
