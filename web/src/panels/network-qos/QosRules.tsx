import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { QosPolicy, QosRule } from '@skydeck/contract';
import { QOS_RULE_TYPES } from '@skydeck/contract/neutronRules';
import { useRequirements } from '../../api/permissions';
import {
  qosPolicyMutations,
  qosPolicyQueries,
  removeQosRule,
} from '../../data/neutron/qosPolicies';
import { t as translate } from '../../i18n/i18n';
import { msg, type Msg } from '../../i18n/msg';
import { textColumn } from '../../registry/columns';
import { policy, type Column } from '../../registry/types';
import { confirmDeleteRule } from '../../shared/rules/deleteRule';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { EditableItemTable } from '../../ui/ResourceTable/EditableItemTable';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import {
  directionsOf,
  emptyRuleForm,
  ruleBody,
  ruleFormErrors,
  type QosRuleFormValues,
} from './qosRuleForm';

export const RULE_TYPE_LABELS: Record<(typeof QOS_RULE_TYPES)[number], Msg> = {
  bandwidth_limit: msg('Bandwidth Limit'),
  dscp_marking: msg('DSCP Marking'),
  minimum_bandwidth: msg('Minimum Bandwidth'),
  minimum_packet_rate: msg('Minimum Packet Rate'),
};
const DIRECTION_LABELS: Record<string, Msg> = {
  egress: msg('Egress'),
  ingress: msg('Ingress'),
  any: msg('Any'),
};

function AddRuleModal({
  policy: p,
  onClose,
}: {
  policy: QosPolicy;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(qosPolicyMutations.createRule);
  const form = useForm<QosRuleFormValues>(emptyRuleForm, (v) => ruleFormErrors(v, t));
  const v = form.values;
  const directions = directionsOf(v.type);
  return (
    <ModalForm
      title={t('Add Rule')}
      submitLabel={t('Add Rule')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        await create.mutateAsync({ id: p.id, body: ruleBody(form.values) });
        return { updated: [p.id] };
      }}
    >
      <SelectField
        label={t('Rule Type')}
        isRequired
        options={QOS_RULE_TYPES.map((type) => ({ value: type, label: t(RULE_TYPE_LABELS[type]) }))}
        value={v.type}
        onChange={(type) => {
          const next = type as QosRuleFormValues['type'];
          // A direction the new type does not take falls back to egress.
          form.setValues((prev) => ({
            ...prev,
            type: next,
            direction: directionsOf(next).includes(prev.direction) ? prev.direction : 'egress',
          }));
        }}
        onBlur={() => form.touch('type')}
        error={undefined}
      />
      {directions.length > 0 && (
        <SelectField
          label={t('Direction')}
          options={directions.map((d) => ({ value: d, label: t(DIRECTION_LABELS[d] ?? d) }))}
          {...form.bind('direction')}
        />
      )}
      {v.type === 'bandwidth_limit' && (
        <>
          <TextField label={t('Max Kbps')} isRequired {...form.bind('max_kbps')} />
          <TextField label={t('Max Burst Kbits')} {...form.bind('max_burst_kbps')} />
        </>
      )}
      {v.type === 'minimum_bandwidth' && (
        <TextField label={t('Min Kbps')} isRequired {...form.bind('min_kbps')} />
      )}
      {v.type === 'minimum_packet_rate' && (
        <TextField label={t('Min Kpps')} isRequired {...form.bind('min_kpps')} />
      )}
      {v.type === 'dscp_marking' && (
        <TextField label={t('DSCP Mark')} isRequired {...form.bind('dscp_mark')} />
      )}
    </ModalForm>
  );
}

const num = (n: number | undefined): string => (n === undefined ? '-' : String(n));

/** The rules tab of a policy's details (spec 2 §2 rules table), with Add Rule and Delete. */
export function QosRules({ policy: p }: { policy: QosPolicy }): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const target = { project_id: p.project_id };
  const access = useRequirements([{ requirements: [policy('network', 'update_policy')], target }]);
  const [canEdit] = access.allowed;

  const remove = (rule: QosRule): Promise<void> =>
    confirmDeleteRule(
      rule.id,
      () => removeQosRule(p.id, rule),
      () => queryClient.invalidateQueries({ queryKey: qosPolicyQueries.all() }),
    );

  const columns: Column<QosRule>[] = [
    textColumn('id', msg('Rule ID'), (r) => r.id, { defaultSort: true }),
    textColumn('type', msg('Type'), (r) => {
      const label = (RULE_TYPE_LABELS as Record<string, Msg | undefined>)[r.type];
      return label ? translate(label) : r.type;
    }),
    textColumn('direction', msg('Direction'), (r) => {
      const label = r.direction === undefined ? undefined : DIRECTION_LABELS[r.direction];
      return label ? translate(label) : (r.direction ?? '-');
    }),
    textColumn('max_kbps', msg('Max Kbps'), (r) => num(r.max_kbps)),
    textColumn('max_burst_kbps', msg('Max Burst Kbits'), (r) => num(r.max_burst_kbps)),
    textColumn('min_kbps', msg('Min Kbps'), (r) => num(r.min_kbps ?? r.min_kpps)),
    textColumn('dscp_mark', msg('DSCP Mark'), (r) => num(r.dscp_mark)),
  ];

  return (
    <>
      <EditableItemTable
        label={t('Rules')}
        columns={columns}
        items={p.rules}
        rowKey={(r) => r.id}
        addLabel={t('Add Rule')}
        canAdd={canEdit === true}
        onAdd={() => setAdding(true)}
        deleteLabel={t('Delete Rule')}
        deleteAriaLabel={(r) => t('Delete Rule {{name}}', { name: r.id })}
        canDelete={canEdit === true}
        onDelete={(r) => void remove(r)}
      />
      {adding && <AddRuleModal policy={p} onClose={() => setAdding(false)} />}
    </>
  );
}
