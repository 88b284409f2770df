import type { ReactNode } from 'react';
import { Content } from '@patternfly/react-core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance } from '@skydeck/contract';
import { serverActionMutations } from '../../data/nova/serverActions';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { toast } from '../../ui/Toasts/toast';
import { operationBody, type OperationDecl } from './instanceActionRules';

const nameOf = (i: Instance): string => i.name || i.id;

/**
 * Confirm, then run one operation on the row or on the selected rows that offer it (spec 1 §6
 * "Confirm {action}"); those that do not are named and left alone. Nova accepts and works on:
 * an info toast names what started, a danger toast each instance refused (spec 2 §8).
 */
export function InstanceOperationModal({
  decl,
  target,
  onClose,
}: { decl: OperationDecl } & ModalProps<Instance | Instance[]>): ReactNode {
  const { t } = useTranslation();
  const operate = useMutation(serverActionMutations.operate);
  const selected = Array.isArray(target) ? target : [target];
  const eligible = selected.filter(decl.can);
  const skipped = selected.filter((i) => !decl.can(i));
  const label = t(decl.label);
  return (
    <ModalForm
      title={t('Confirm {{action}}', { action: label })}
      submitLabel={label}
      submitVariant={decl.danger ? 'danger' : 'primary'}
      variant="small"
      isValid={eligible.length > 0}
      onClose={onClose}
      onSubmit={async () => {
        const { done, failed } = await operate.mutateAsync({
          instances: eligible,
          body: operationBody(decl),
        });
        if (done.length > 0) toast.info(t(decl.started, { names: done.map(nameOf).join(', ') }));
        for (const i of failed) toast.danger(t(decl.failed, { id: i.id }));
        return { updated: done.map((i) => i.id), failed: failed.map((i) => i.id) };
      }}
    >
      <Content component="p">
        {t(decl.confirm, { names: eligible.map(nameOf).join('", "') })}
      </Content>
      {skipped.length > 0 && (
        <Content component="p">
          {t('Not possible in their current state, left as they are: {{names}}', {
            names: skipped.map(nameOf).join(', '),
          })}
        </Content>
      )}
    </ModalForm>
  );
}

const bound = new Map<string, (props: ModalProps<Instance | Instance[]>) => ReactNode>();

/** The modal for one operation, as the action machinery loads it (one component per id). */
export function operationModal(
  decl: OperationDecl,
): (props: ModalProps<Instance | Instance[]>) => ReactNode {
  let component = bound.get(decl.id);
  if (!component) {
    component = function BoundOperationModal(props) {
      return <InstanceOperationModal decl={decl} {...props} />;
    };
    bound.set(decl.id, component);
  }
  return component;
}
