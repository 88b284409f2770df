import type { ReactNode } from 'react';
import { Checkbox } from '@patternfly/react-core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Network, Port } from '@skydeck/contract';
import { VNIC_TYPES } from '@skydeck/contract/neutronRules';
import { networkQueries } from '../../data/neutron/networks';
import { portMutations } from '../../data/neutron/ports';
import { QosPolicyField } from '../qos/QosPolicyField';
import { securityGroupQueries } from '../../data/neutron/securityGroups';
import { msg, type Msg } from '../../i18n/msg';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm, type FormState } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { FieldFrame, useFieldIds } from '../../ui/fields/FieldFrame';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { onAdminPanel } from '../../ui/ModalForm/openedFrom';
import {
  emptyPortForm,
  portCreateBody,
  portFormErrors,
  portFormOf,
  portUpdateBody,
  type PortFormValues,
} from './portForm';

/** The vNIC types of spec 3 §3 as the form names them. */
export const VNIC_LABELS: Record<(typeof VNIC_TYPES)[number], Msg> = {
  normal: msg('Normal'),
  direct: msg('Direct'),
  'direct-physical': msg('Direct Physical'),
  macvtap: msg('MacVTap'),
  baremetal: msg('Bare Metal'),
  'virtio-forwarder': msg('Virtio Forwarder'),
};

/** The project's security groups as checkboxes, labelled as one group. */
function SecurityGroupChoice({ form }: { form: FormState<PortFormValues> }): ReactNode {
  const { t } = useTranslation();
  const groups = useQuery(securityGroupQueries.list());
  const ids = useFieldIds({ error: form.errors.security_groups });
  const chosen = new Set(form.values.security_groups);
  return (
    <FieldFrame label={t('Security Groups')} ids={ids} error={form.errors.security_groups} isGroup>
      {(groups.data ?? []).map((g) => (
        <Checkbox
          key={g.id}
          id={`${ids.id}-${g.id}`}
          label={g.name || g.id}
          isChecked={chosen.has(g.id)}
          isDisabled={!form.values.port_security_enabled}
          onChange={(_e, checked) => {
            const next = new Set(chosen);
            if (checked) next.add(g.id);
            else next.delete(g.id);
            form.setValue('security_groups', [...next]);
          }}
        />
      ))}
    </FieldFrame>
  );
}

function PortFields({
  form,
  network,
  creating,
  withMac,
}: {
  form: FormState<PortFormValues>;
  network: Network | undefined;
  creating: boolean;
  withMac: boolean;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={t('Name')} maxLength={255} {...form.bind('name')} />
      <TextField label={t('Description')} maxLength={255} {...form.bind('description')} />
      <CheckboxField
        label={t('Enable Admin State')}
        description={t('If unchecked, the port is administratively down.')}
        checked={form.values.admin_state_up}
        onChange={(checked) => form.setValue('admin_state_up', checked)}
      />
      <TextField label={t('Device ID')} maxLength={255} {...form.bind('device_id')} />
      <TextField
        label={t('Device Owner')}
        maxLength={255}
        helperText={t('For example compute:nova; leave empty for a free port.')}
        {...form.bind('device_owner')}
      />
      {creating && (
        <>
          <SelectField
            label={t('Subnet')}
            placeholder={t('Any subnet of the network')}
            options={(network?.subnets ?? []).map((s) => ({
              value: s.id,
              label: `${s.name || s.id} (${s.cidr})`,
            }))}
            {...form.bind('subnet_id')}
          />
          <TextField
            label={t('Fixed IP Address')}
            helperText={t('Leave empty to take a free address of the subnet.')}
            {...form.bind('ip_address')}
          />
        </>
      )}
      {!creating && (
        <TextAreaField
          label={t('Fixed IPs')}
          isCode
          rows={2}
          helperText={t(
            'One a line: an IP address, or a subnet’s name for a free address of that subnet.',
          )}
          {...form.bind('fixed_ips')}
        />
      )}
      {withMac && (
        <TextField
          label={t('MAC Address')}
          helperText={creating ? t('Leave empty for a generated address.') : undefined}
          {...form.bind('mac_address')}
        />
      )}
      <CheckboxField
        label={t('Port Security')}
        description={t('Security groups and allowed address pairs need port security.')}
        checked={form.values.port_security_enabled}
        onChange={(checked) => form.setValue('port_security_enabled', checked)}
        error={form.errors.port_security_enabled}
      />
      <SecurityGroupChoice form={form} />
      <SelectField
        label={t('VNIC Type')}
        options={VNIC_TYPES.map((v) => ({ value: v, label: t(VNIC_LABELS[v]) }))}
        value={form.values.vnic_type}
        onChange={(v) => form.setValue('vnic_type', v as PortFormValues['vnic_type'])}
        onBlur={() => form.touch('vnic_type')}
        error={form.errors.vnic_type}
      />
      <TextAreaField
        label={t('Allowed Address Pairs')}
        isCode
        rows={3}
        helperText={t('One a line: an IP address or CIDR, then optionally a MAC address.')}
        isDisabled={!form.values.port_security_enabled}
        {...form.bind('address_pairs')}
      />
      <QosPolicyField {...form.bind('qos_policy_id')} />
    </>
  );
}

/** Create Port on the network of that id (the network's Ports tab). */
export function CreatePortFromNetwork({
  networkId,
  onClose,
}: {
  networkId: string;
  onClose: ModalProps<unknown>['onClose'];
}): ReactNode {
  const network = useQuery(networkQueries.detail(networkId));
  if (!network.data) return null;
  return <CreatePortModal network={network.data} onClose={onClose} />;
}

/** Create Port on a network. */
export function CreatePortModal({
  network,
  onClose,
}: {
  network: Network;
  onClose: ModalProps<unknown>['onClose'];
}): ReactNode {
  const groups = useQuery(securityGroupQueries.list());
  // The form starts with the project's default group checked, so it waits for the list.
  if (groups.isPending) return null;
  const defaultGroup = groups.data?.find((g) => g.name === 'default')?.id;
  return <CreatePortForm network={network} defaultGroup={defaultGroup} onClose={onClose} />;
}

function CreatePortForm({
  network,
  defaultGroup,
  onClose,
}: {
  network: Network;
  defaultGroup: string | undefined;
  onClose: ModalProps<unknown>['onClose'];
}): ReactNode {
  const { t } = useTranslation();
  const admin = onAdminPanel();
  const create = useMutation(portMutations.create);
  const form = useForm<PortFormValues>(
    () => emptyPortForm(defaultGroup ? [defaultGroup] : []),
    (v) => portFormErrors(v, t, { creating: true, withMac: admin }),
  );
  return (
    <ModalForm
      title={t('Create Port')}
      submitLabel={t('Create')}
      isValid={form.isValid}
      onClose={onClose}
      variant="medium"
      onSubmit={async () => {
        const body = portCreateBody(network.id, form.values, {
          withMac: admin,
          // An admin's port on another project's network belongs to that project.
          ...(admin && { projectId: network.project_id }),
        });
        const port = await create.mutateAsync(body);
        return { created: [port.id] };
      }}
    >
      <PortFields form={form} network={network} creating withMac={admin} />
    </ModalForm>
  );
}

/** Edit Port: what Neutron lets change after creation (not the network). */
export function EditPortModal({ target, onClose }: ModalProps<Port>): ReactNode {
  const { t } = useTranslation();
  const admin = onAdminPanel();
  const update = useMutation(portMutations.update);
  const network = useQuery(networkQueries.detail(target.network_id));
  const subnets = network.data?.subnets ?? [];
  const form = useForm<PortFormValues>(
    () => portFormOf(target),
    (v) => portFormErrors(v, t, { creating: false, withMac: admin, subnets }),
  );
  return (
    <ModalForm
      title={t('Edit Port')}
      submitLabel={t('Save Changes')}
      isValid={form.isValid}
      onClose={onClose}
      variant="medium"
      onSubmit={async () => {
        const body = portUpdateBody(target, form.values, { withMac: admin, subnets });
        if (Object.keys(body).length === 0) return { updated: [target.id] };
        await update.mutateAsync({ id: target.id, body });
        return { updated: [target.id] };
      }}
    >
      <PortFields form={form} network={network.data} creating={false} withMac={admin} />
    </ModalForm>
  );
}
