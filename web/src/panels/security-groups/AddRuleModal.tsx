import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { SecurityGroup } from '@skydeck/contract';
import { securityGroupMutations, securityGroupQueries } from '../../data/neutron/securityGroups';
import type { ActionResult } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import { explainRuleError } from './ruleErrors';
import {
  RULE_DEFAULTS,
  RULE_TEMPLATES,
  describeRule,
  ruleBody,
  ruleErrors,
  templateOf,
  type RuleValues,
} from './ruleForm';

/** Add Rule: a template (custom port, whole protocol, or a service), direction and remote. */
export function AddRuleModal({
  group,
  onClose,
}: {
  group: SecurityGroup;
  onClose: (result?: ActionResult) => void;
}): ReactNode {
  const { t } = useTranslation();
  const groups = useQuery(securityGroupQueries.list());
  const create = useMutation(securityGroupMutations.createRule);
  const form = useForm<RuleValues>(RULE_DEFAULTS, (v) => {
    const errors = ruleErrors(v);
    return Object.fromEntries(
      Object.entries(errors).map(([key, message]) => [key, message ? t(message) : undefined]),
    );
  });
  const v = form.values;
  const kind = templateOf(v.template).kind;
  const custom = kind === 'custom_tcp' || kind === 'custom_udp';
  const nameOf = (id: string): string => groups.data?.find((g) => g.id === id)?.name ?? id;

  return (
    <ModalForm
      title={t('Add Rule')}
      submitLabel={t('Add')}
      isValid={form.isValid}
      onClose={onClose}
      description={t(
        'Rules define which traffic is allowed to instances assigned to the security group: a protocol and ports, a direction, and where the traffic may come from or go to (a CIDR or the members of a security group).',
      )}
      onSubmit={async () => {
        try {
          const rule = await create.mutateAsync({
            groupId: group.id,
            body: ruleBody(v),
            describe: (r) => describeRule(r, nameOf),
          });
          return { created: [rule.id] };
        } catch (error) {
          throw explainRuleError(error);
        }
      }}
    >
      <SelectField
        label={t('Rule')}
        options={RULE_TEMPLATES.map((x) => ({ value: x.id, label: t(x.label) }))}
        {...form.bind('template')}
      />
      <TextField label={t('Description')} maxLength={255} {...form.bind('description')} />
      <SelectField
        label={t('Direction')}
        options={[
          { value: 'ingress', label: t('Ingress') },
          { value: 'egress', label: t('Egress') },
        ]}
        {...form.bind('direction')}
        onChange={(value) => form.setValue('direction', value === 'egress' ? 'egress' : 'ingress')}
      />
      {custom && (
        <SelectField
          label={t('Open Port')}
          options={[
            { value: 'port', label: t('Port') },
            { value: 'range', label: t('Port Range') },
          ]}
          {...form.bind('port_mode')}
          onChange={(value) => form.setValue('port_mode', value === 'range' ? 'range' : 'port')}
        />
      )}
      {custom && v.port_mode === 'port' && (
        <TextField label={t('Port')} isRequired {...form.bind('port')} />
      )}
      {custom && v.port_mode === 'range' && (
        <>
          <TextField label={t('From Port')} isRequired {...form.bind('from_port')} />
          <TextField label={t('To Port')} isRequired {...form.bind('to_port')} />
        </>
      )}
      {kind === 'custom_icmp' && (
        <>
          <TextField
            label={t('Type')}
            helperText={t('Enter a value for ICMP type in the range (-1: 255); empty or -1: any.')}
            {...form.bind('icmp_type')}
          />
          <TextField
            label={t('Code')}
            helperText={t('Enter a value for ICMP code in the range (-1: 255); empty or -1: any.')}
            {...form.bind('icmp_code')}
          />
        </>
      )}
      {kind === 'other' && (
        <TextField
          label={t('IP Protocol')}
          isRequired
          helperText={t('Enter an integer value between 0 and 255.')}
          {...form.bind('ip_protocol')}
        />
      )}
      <SelectField
        label={t('Remote')}
        options={[
          { value: 'cidr', label: t('CIDR') },
          { value: 'sg', label: t('Security Group') },
        ]}
        {...form.bind('remote')}
        onChange={(value) => form.setValue('remote', value === 'sg' ? 'sg' : 'cidr')}
      />
      {v.remote === 'cidr' ? (
        <TextField label={t('CIDR')} isRequired {...form.bind('cidr')} />
      ) : (
        <>
          <SelectField
            label={t('Security Group')}
            isRequired
            placeholder={t('Select a security group')}
            options={(groups.data ?? []).map((g) => ({
              value: g.id,
              label: g.id === group.id ? t('{{name}} (current)', { name: g.name }) : g.name,
            }))}
            {...form.bind('remote_group_id')}
          />
          <SelectField
            label={t('Ether Type')}
            options={[
              { value: 'IPv4', label: 'IPv4' },
              { value: 'IPv6', label: 'IPv6' },
            ]}
            {...form.bind('ethertype')}
            onChange={(value) => form.setValue('ethertype', value === 'IPv6' ? 'IPv6' : 'IPv4')}
          />
        </>
      )}
    </ModalForm>
  );
}
