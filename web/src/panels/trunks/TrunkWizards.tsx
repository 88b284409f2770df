import type { ReactNode } from 'react';
import { Content } from '@patternfly/react-core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Port, Trunk } from '@skydeck/contract';
import { portQueries } from '../../data/neutron/ports';
import { trunkMutations } from '../../data/neutron/trunks';
import { TransferTable } from '../../launch/TransferTable';
import type { ModalProps } from '../../registry/types';
import { useForm, type FormState } from '../../ui/ModalForm/useForm';
import { WizardFrame, type StepErrors, type WizardStep } from '../../ui/WizardFrame/WizardFrame';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import {
  draftsFor,
  duplicateVlan,
  emptyTrunkForm,
  isParentCandidate,
  isSubportCandidate,
  segmentationError,
  trunkCreateBody,
  trunkEditPair,
  trunkFormOf,
  type TrunkFormValues,
} from './trunkForm';

type Form = FormState<TrunkFormValues>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

const portName = (p: Port): string => p.name || `(${p.id.slice(0, 13)})`;
const portIps = (p: Port): string => p.fixed_ips.map((ip) => ip.ip_address).join(', ');

function DetailsStep({ form }: { form: Form }): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={t('Name')} maxLength={255} {...form.bind('name')} />
      <TextAreaField label={t('Description')} maxLength={255} {...form.bind('description')} />
      <CheckboxField
        label={t('Enable Admin State')}
        checked={form.values.admin_state_up}
        onChange={(checked) => form.setValue('admin_state_up', checked)}
      />
    </>
  );
}

function PortTransfer({
  label,
  ports,
  allocated,
  onChange,
  max,
  error,
  loading,
}: {
  label: string;
  ports: readonly Port[];
  allocated: readonly string[];
  onChange: (keys: string[]) => void;
  max?: number;
  error?: string;
  loading: boolean;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <TransferTable<Port>
      label={label}
      items={ports}
      itemKey={(p) => p.id}
      itemName={portName}
      columns={[
        { title: t('Name'), cell: portName },
        { title: t('IP Addresses'), cell: portIps },
        { title: t('Admin State'), cell: (p) => (p.admin_state_up ? t('UP') : t('DOWN')) },
      ]}
      allocated={allocated}
      onChange={onChange}
      {...(max !== undefined && {
        max,
        maxHelp: t('Only one parent port may be allocated; another replaces it.'),
      })}
      searchText={(p) => `${p.name} ${p.id} ${portIps(p)}`}
      emptyAllocated={t('Select an item from Available items below')}
      loading={loading}
      {...(error !== undefined && { error })}
    />
  );
}

function SubportsStep({
  form,
  ports,
  loading,
  errors,
}: {
  form: Form;
  ports: readonly Port[];
  loading: boolean;
  errors: Record<string, string>;
}): ReactNode {
  const { t } = useTranslation();
  const byId = new Map(ports.map((p) => [p.id, p]));
  const subports = form.values.subports;
  return (
    <>
      <PortTransfer
        label={t('Subports')}
        ports={ports}
        allocated={subports.map((s) => s.port_id)}
        onChange={(keys) => form.setValue('subports', draftsFor(keys, subports))}
        loading={loading}
        {...(errors['subports'] !== undefined && { error: errors['subports'] })}
      />
      {subports.length > 0 && <Content component="h3">{t('Segmentation')}</Content>}
      {subports.map((s, i) => {
        const port = byId.get(s.port_id);
        const name = port ? portName(port) : s.port_id;
        const set = (change: Partial<typeof s>): void =>
          form.setValue(
            'subports',
            subports.map((d, j) => (j === i ? { ...d, ...change } : d)),
          );
        return (
          <div key={s.port_id}>
            <SelectField
              label={t('Segmentation Type of {{name}}', { name })}
              options={[
                { value: 'vlan', label: t('VLAN') },
                { value: 'inherit', label: t('Inherit') },
              ]}
              value={s.segmentation_type}
              onChange={(v) => set({ segmentation_type: v === 'inherit' ? 'inherit' : 'vlan' })}
              error={undefined}
            />
            {s.segmentation_type === 'vlan' && (
              <TextField
                label={t('Segmentation ID of {{name}}', { name })}
                isRequired
                value={s.segmentation_id}
                onChange={(v) => set({ segmentation_id: v })}
                error={errors[`segmentation_${s.port_id}`]}
              />
            )}
          </div>
        );
      })}
    </>
  );
}

function subportErrors(v: TrunkFormValues, t: Translate): StepErrors | undefined {
  const fields: Record<string, string> = {};
  for (const s of v.subports) {
    const message = segmentationError(s, t);
    if (message) fields[`segmentation_${s.port_id}`] = message;
  }
  const repeated = duplicateVlan(v.subports);
  if (repeated !== undefined) {
    fields['subports'] = t('VLAN ID {{id}} is given to more than one subport.', { id: repeated });
  }
  return Object.keys(fields).length > 0 ? { fields } : undefined;
}

/** Create Trunk (spec 2 §2): Details, Parent Port, Subports. */
export function CreateTrunkWizard({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(trunkMutations.create);
  const ports = useQuery(portQueries.list());
  const form = useForm<TrunkFormValues>(emptyTrunkForm);
  const all = ports.data ?? [];
  const parent = form.values.parent[0];
  const steps: WizardStep[] = [
    { id: 'details', name: t('Details'), render: () => <DetailsStep form={form} /> },
    {
      id: 'parent',
      name: t('Parent Port'),
      validate: () =>
        form.values.parent.length === 1
          ? undefined
          : { fields: { parent: t('Choose the parent port.') } },
      render: ({ errors }) => (
        <PortTransfer
          label={t('Parent Port')}
          ports={all.filter(isParentCandidate)}
          allocated={form.values.parent}
          onChange={(keys) =>
            form.setValues((prev) => ({
              ...prev,
              parent: keys.slice(-1),
              // The parent cannot also be a subport.
              subports: prev.subports.filter((s) => !keys.includes(s.port_id)),
            }))
          }
          max={1}
          loading={ports.isPending}
          {...(errors['parent'] !== undefined && { error: errors['parent'] })}
        />
      ),
    },
    {
      id: 'subports',
      name: t('Subports'),
      validate: () => subportErrors(form.values, t),
      render: ({ errors }) => (
        <SubportsStep
          form={form}
          ports={all.filter((p) => isSubportCandidate(p) && p.id !== parent)}
          loading={ports.isPending}
          errors={errors}
        />
      ),
    },
  ];
  return (
    <WizardFrame
      title={t('Create Trunk')}
      steps={steps}
      finishLabel={t('Create Trunk')}
      onClose={onClose}
      onSubmit={async () => {
        const trunk = await create.mutateAsync(trunkCreateBody(form.values));
        return { created: [trunk.id] };
      }}
    />
  );
}

/** Edit Trunk (spec 2 §2): Details, Subports; sent as the old and new trunk (spec 2 §7). */
export function EditTrunkWizard({ target, onClose }: ModalProps<Trunk>): ReactNode {
  const { t } = useTranslation();
  const update = useMutation(trunkMutations.update);
  const ports = useQuery(portQueries.list());
  const form = useForm<TrunkFormValues>(() => trunkFormOf(target));
  const current = new Set(target.sub_ports.map((s) => s.port_id));
  // Its own subports stay choosable (Neutron gave them a device owner when they were added).
  const choices = (ports.data ?? []).filter(
    (p) => p.id !== target.port_id && (current.has(p.id) || isSubportCandidate(p)),
  );
  const steps: WizardStep[] = [
    { id: 'details', name: t('Details'), render: () => <DetailsStep form={form} /> },
    {
      id: 'subports',
      name: t('Subports'),
      validate: () => subportErrors(form.values, t),
      render: ({ errors }) => (
        <SubportsStep form={form} ports={choices} loading={ports.isPending} errors={errors} />
      ),
    },
  ];
  return (
    <WizardFrame
      title={t('Edit Trunk')}
      steps={steps}
      finishLabel={t('Save Changes')}
      onClose={onClose}
      onSubmit={async () => {
        await update.mutateAsync({ id: target.id, body: trunkEditPair(target, form.values) });
        return { updated: [target.id] };
      }}
    />
  );
}
