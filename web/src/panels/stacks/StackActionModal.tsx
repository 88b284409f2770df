import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Stack, StackActionBody } from '@skydeck/contract';
import { msg, type Msg } from '../../i18n/msg';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { FormError } from '../../ui/ModalForm/FormError';
import { runStackAction, stackQueries } from '../../data/heat/stacks';

type Action = StackActionBody['action'];

const TEXTS: Record<Action, { title: Msg; body: Msg; failed: Msg }> = {
  check: {
    title: msg('Check Stack'),
    body: msg('Check the stacks {{names}}: Heat verifies each resource is as it should be.'),
    failed: msg('Unable to check stacks: {{names}}'),
  },
  suspend: {
    title: msg('Suspend Stack'),
    body: msg('Suspend the stacks {{names}}.'),
    failed: msg('Unable to suspend stacks: {{names}}'),
  },
  resume: {
    title: msg('Resume Stack'),
    body: msg('Resume the stacks {{names}}.'),
    failed: msg('Unable to resume stacks: {{names}}'),
  },
};

/** Check, suspend or resume the selected stacks, after a confirmation (one call per stack). */
export function stackActionModal(action: Action) {
  return function StackActionModal({ target, onClose }: ModalProps<Stack[]>): ReactNode {
    const { t } = useTranslation();
    const client = useQueryClient();
    const texts = TEXTS[action];
    const names = target.map((s) => s.stack_name).join(', ');
    return (
      <ModalForm
        title={t(texts.title)}
        submitLabel={t(texts.title)}
        onClose={onClose}
        onSubmit={async () => {
          const results = await Promise.allSettled(target.map((s) => runStackAction(s, action)));
          await client.invalidateQueries({ queryKey: stackQueries.all() });
          const failed = target.filter((_, i) => results[i]?.status === 'rejected');
          if (failed.length === target.length) {
            throw new FormError(
              t(texts.failed, { names: failed.map((s) => s.stack_name).join(', ') }),
            );
          }
          return {
            updated: target.filter((s) => !failed.includes(s)).map((s) => s.id),
            failed: failed.map((s) => s.id),
          };
        }}
      >
        {t(texts.body, { names })}
      </ModalForm>
    );
  };
}
