import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { Bullseye, Spinner } from '@patternfly/react-core';
import type { Project, ProjectCreateBody } from '@skydeck/contract';
import {
  PROJECT_CREATED,
  PROJECT_UPDATED,
  projectMutations,
  projectQueries,
} from '../../data/keystone/projects';
import { roleQueries } from '../../data/keystone/users';
import { toast } from '../../ui/Toasts/toast';
import { policy, type ActionResult, type ModalProps } from '../../registry/types';
import { useForm } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { WizardFrame } from '../../ui/WizardFrame/WizardFrame';
import { MembershipStep } from './MembershipStep';
import { QuotasStep, useQuotaDraft } from './QuotasStep';
import { defaultRoleId, type MemberDraft } from './membership';

interface InfoValues {
  name: string;
  description: string;
  enabled: boolean;
}

interface ProjectWizardProps {
  project?: Project;
  initialMembers: MemberDraft[];
  /** The domain a new project goes in (the identity panels' domain context). */
  domainId?: string;
  onClose: (result?: ActionResult) => void;
}

function ProjectWizard({
  project,
  initialMembers,
  domainId,
  onClose,
}: ProjectWizardProps): ReactNode {
  const { t } = useTranslation();
  const roles = useQuery(roleQueries.list());
  const create = useMutation(projectMutations.create);
  const update = useMutation(projectMutations.update);
  const setMembers = useMutation(projectMutations.setMembers);
  const [members, setMemberDrafts] = useState<MemberDraft[]>(initialMembers);
  const quotas = useQuotaDraft(project?.id);
  const [chosenRole, setChosenRole] = useState<string | undefined>(undefined);
  const defaultRole = chosenRole ?? defaultRoleId(roles.data ?? []) ?? '';
  const info = useForm<InfoValues>(
    {
      name: project?.name ?? '',
      description: project?.description ?? '',
      enabled: project?.enabled ?? true,
    },
    (v) => ({
      name: v.name.trim() === '' ? t('This field is required.') : undefined,
    }),
  );

  const submit = async (): Promise<ActionResult> => {
    const v = info.values;
    const body = { name: v.name.trim(), description: v.description, enabled: v.enabled };
    const saved = project
      ? await update.mutateAsync({ id: project.id, body })
      : await create.mutateAsync({
          ...body,
          ...(domainId ? { domain_id: domainId } : {}),
        } satisfies ProjectCreateBody);
    await setMembers.mutateAsync({
      id: saved.id,
      body: { members: members.map((m) => ({ user_id: m.user_id, role_ids: m.role_ids })) },
    });
    if (project) {
      // Editing: a refused limit (below the usage…) keeps the workflow open with the reason.
      await quotas.save(saved.id);
    } else {
      try {
        await quotas.save(saved.id);
      } catch (error) {
        // The project exists now: a second Create would only meet its name. Say what failed.
        toast.warning(
          t('Project "{{name}}" was created, but its quotas were not updated: {{reason}}', {
            name: saved.name,
            reason: error instanceof Error ? error.message : String(error),
          }),
        );
        return { created: [saved.id] };
      }
    }
    toast.success(t(project ? PROJECT_UPDATED : PROJECT_CREATED, { name: saved.name }));
    return project ? { updated: [saved.id] } : { created: [saved.id] };
  };

  return (
    <WizardFrame
      title={project ? t('Edit Project') : t('Create Project')}
      finishLabel={project ? t('Save') : t('Create Project')}
      onClose={onClose}
      steps={[
        {
          id: 'info',
          name: t('Project Information'),
          validate: () => {
            const name = info.allErrors.name;
            info.touchAll();
            return name ? { fields: { name } } : undefined;
          },
          render: () => (
            <>
              <TextField label={t('Name')} isRequired maxLength={64} {...info.bind('name')} />
              <TextAreaField label={t('Description')} {...info.bind('description')} />
              <CheckboxField
                label={t('Enabled')}
                checked={info.values.enabled}
                onChange={(checked) => info.setValue('enabled', checked)}
              />
            </>
          ),
        },
        {
          id: 'members',
          name: t('Project Members'),
          render: () => (
            <MembershipStep
              members={members}
              onChange={setMemberDrafts}
              defaultRole={defaultRole}
              onDefaultRoleChange={setChosenRole}
            />
          ),
        },
        {
          id: 'quotas',
          name: t('Quotas'),
          requires: [policy('compute', 'os_compute_api:os-quota-sets:update')],
          validate: () =>
            Object.keys(quotas.errors).length > 0
              ? { general: t('Enter a whole number, -1 for unlimited.') }
              : undefined,
          render: () => <QuotasStep draft={quotas} />,
        },
      ]}
      onSubmit={submit}
    />
  );
}

/** Create Project (issue 12): Project Information, Project Members and Quotas. */
export function CreateProjectWizard({ onClose }: ModalProps<undefined>): ReactNode {
  return <ProjectWizard initialMembers={[]} onClose={onClose} />;
}

/** Edit Project: the same workflow, its members read first. */
export function EditProjectWizard({ target, onClose }: ModalProps<Project>): ReactNode {
  const members = useQuery(projectQueries.members(target.id));
  if (!members.data) {
    return (
      <Bullseye>
        <Spinner aria-label="…" />
      </Bullseye>
    );
  }
  return (
    <ProjectWizard
      project={target}
      initialMembers={members.data.map((m) => ({
        user_id: m.user_id,
        user_name: m.user_name,
        role_ids: m.roles.map((r) => r.id),
      }))}
      onClose={onClose}
    />
  );
}
