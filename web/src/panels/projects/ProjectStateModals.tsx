import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { useNavigate } from 'react-router';
import type { Project } from '@skydeck/contract';
import { switchProject } from '../../app/authActions';
import { projectMutations } from '../../data/keystone/projects';
import type { ModalProps } from '../../registry/types';
import { ConfirmChangeModal } from '../../ui/ConfirmChangeModal/ConfirmChangeModal';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { toast } from '../../ui/Toasts/toast';
import { QuotasStep, useQuotaDraft } from './QuotasStep';

function ToggleProject({
  target,
  onClose,
  enabled,
}: ModalProps<Project> & { enabled: boolean }): ReactNode {
  const { t } = useTranslation();
  const change = useMutation(projectMutations.setEnabled);
  return (
    <ConfirmChangeModal
      title={enabled ? t('Enable Project') : t('Disable Project')}
      question={
        enabled
          ? t('Enable the project {{name}}?', { name: target.name })
          : t(
              'Disable the project {{name}}? Its members cannot sign in to it while it is disabled.',
              { name: target.name },
            )
      }
      onClose={onClose}
      onConfirm={async () => {
        await change.mutateAsync({ project: target, enabled });
        return { updated: [target.id] };
      }}
    />
  );
}

export function EnableProjectModal(props: ModalProps<Project>): ReactNode {
  return <ToggleProject {...props} enabled />;
}

export function DisableProjectModal(props: ModalProps<Project>): ReactNode {
  return <ToggleProject {...props} enabled={false} />;
}

/** Set as Active Project: the session is rescoped to it, as the masthead's switcher does. */
export function SetActiveProjectModal({ target, onClose }: ModalProps<Project>): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <ConfirmChangeModal
      title={t('Set as Active Project')}
      question={t('Switch to the project {{name}}?', { name: target.name })}
      onClose={onClose}
      onConfirm={async () => {
        await switchProject(queryClient, target.id);
        void navigate('/');
        return {};
      }}
    />
  );
}

/** Modify Quotas (admin): the project workflow's Quotas step on its own. */
export function ModifyQuotasModal({ target, onClose }: ModalProps<Project>): ReactNode {
  const { t } = useTranslation();
  const draft = useQuotaDraft(target.id);
  return (
    <ModalForm
      title={t('Modify Quotas of {{name}}', { name: target.name })}
      submitLabel={t('Save')}
      variant="large"
      isValid={!draft.loading && Object.keys(draft.errors).length === 0}
      onClose={onClose}
      onSubmit={async () => {
        await draft.save(target.id);
        toast.success(t('Quotas of project {{name}} were updated.', { name: target.name }));
        return { updated: [target.id] };
      }}
    >
      <QuotasStep draft={draft} />
    </ModalForm>
  );
}
