import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Router, RouterCreateBody, RouterUpdateBody } from '@skydeck/contract';
import { useRequirements } from '../../api/permissions';
import { floatingIpQueries } from '../../data/neutron/floatingIps';
import { routerMutations } from '../../data/neutron/routers';
import { shellQueries } from '../../data/shell';
import { policy, type ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import { onAdminPanel } from '../../ui/ModalForm/openedFrom';

const SNAT_CREATE = policy('network', 'create_router:external_gateway_info:enable_snat');
const SNAT_UPDATE = policy('network', 'update_router:external_gateway_info:enable_snat');
const HA_CREATE = policy('network', 'create_router:ha');
const DVR_CREATE = policy('network', 'create_router:distributed');

/**
 * SNAT is offered where Neutron has ext-gw-mode and policy lets the user choose it (admins, by
 * default): elsewhere Neutron would refuse the field.
 */
function useSnatChoice(rule: typeof SNAT_CREATE): boolean {
  // The shell's query owns the extension list (the permission checks read it too).
  const extensions = useQuery(shellQueries.extensions('network'));
  const access = useRequirements([{ requirements: [rule] }]);
  const gatewayModes = (extensions.data?.items ?? []).some((e) => e.alias === 'ext-gw-mode');
  return gatewayModes && access.allowed[0] === true;
}

interface CreateValues {
  name: string;
  admin_state_up: boolean;
  external_network_id: string;
  enable_snat: boolean;
  ha: string;
  distributed: string;
}

/** Create Router: name, admin state, external network (and SNAT), HA and DVR for admins. */
export function CreateRouterModal({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const admin = onAdminPanel();
  const pools = useQuery(floatingIpQueries.pools());
  const snat = useSnatChoice(SNAT_CREATE);
  const access = useRequirements([{ requirements: [HA_CREATE] }, { requirements: [DVR_CREATE] }]);
  const [canHa, canDvr] = access.allowed;
  const create = useMutation(routerMutations.create);
  const form = useForm<CreateValues>({
    name: '',
    admin_state_up: true,
    external_network_id: '',
    enable_snat: true,
    ha: '',
    distributed: '',
  });
  const v = form.values;
  const choice = [
    { value: '', label: t('Default') },
    { value: 'true', label: t('Yes') },
    { value: 'false', label: t('No') },
  ];
  return (
    <ModalForm
      title={t('Create Router')}
      submitLabel={t('Create Router')}
      onClose={onClose}
      description={t(
        'A router connects networks: its interfaces are on subnets of the project, and its gateway on an external network gives them access beyond the cloud.',
      )}
      onSubmit={async () => {
        const body: RouterCreateBody = { name: v.name.trim(), admin_state_up: v.admin_state_up };
        if (v.external_network_id !== '') {
          body.external_network_id = v.external_network_id;
          // Sent only when the user may choose it, and only when not Neutron's default.
          if (snat && !v.enable_snat) body.enable_snat = false;
        }
        if (admin && canHa && v.ha !== '') body.ha = v.ha === 'true';
        if (admin && canDvr && v.distributed !== '') body.distributed = v.distributed === 'true';
        const router = await create.mutateAsync(body);
        return { created: [router.id] };
      }}
    >
      <TextField label={t('Router Name')} maxLength={255} {...form.bind('name')} />
      <CheckboxField
        label={t('Enable Admin State')}
        checked={v.admin_state_up}
        onChange={(checked) => form.setValue('admin_state_up', checked)}
        error={undefined}
      />
      <SelectField
        label={t('External Network')}
        options={[
          { value: '', label: t('None') },
          ...(pools.data ?? []).map((p) => ({ value: p.id, label: p.name || p.id })),
        ]}
        {...form.bind('external_network_id')}
      />
      {snat && v.external_network_id !== '' && (
        <CheckboxField
          label={t('Enable SNAT')}
          checked={v.enable_snat}
          onChange={(checked) => form.setValue('enable_snat', checked)}
          error={undefined}
        />
      )}
      {admin && canHa && (
        <SelectField label={t('High Availability Mode')} options={choice} {...form.bind('ha')} />
      )}
      {admin && canDvr && (
        <SelectField
          label={t('Router Type')}
          options={[
            { value: '', label: t('Default') },
            { value: 'false', label: t('Centralized') },
            { value: 'true', label: t('Distributed') },
          ]}
          {...form.bind('distributed')}
        />
      )}
    </ModalForm>
  );
}

/** Edit Router: name and admin state (and HA/DVR on the admin panel, where shown). */
export function EditRouterModal({ target, onClose }: ModalProps<Router>): ReactNode {
  const { t } = useTranslation();
  const update = useMutation(routerMutations.update);
  const form = useForm({ name: target.name, admin_state_up: target.admin_state_up });
  return (
    <ModalForm
      title={t('Edit Router')}
      submitLabel={t('Save Changes')}
      onClose={onClose}
      onSubmit={async () => {
        const body: RouterUpdateBody = {
          name: form.values.name.trim(),
          admin_state_up: form.values.admin_state_up,
        };
        await update.mutateAsync({ id: target.id, body });
        return { updated: [target.id] };
      }}
    >
      <TextField label={t('Name')} maxLength={255} {...form.bind('name')} />
      <CheckboxField
        label={t('Enable Admin State')}
        checked={form.values.admin_state_up}
        onChange={(checked) => form.setValue('admin_state_up', checked)}
        error={undefined}
      />
    </ModalForm>
  );
}

/** Set Gateway: the external network (and SNAT, where the user may choose it). */
export function SetGatewayModal({ target, onClose }: ModalProps<Router>): ReactNode {
  const { t } = useTranslation();
  const pools = useQuery(floatingIpQueries.pools());
  const snat = useSnatChoice(SNAT_UPDATE);
  const set = useMutation(routerMutations.setGateway);
  const form = useForm(
    {
      network_id: target.external_gateway?.network_id ?? '',
      enable_snat: target.external_gateway?.enable_snat ?? true,
    },
    (v) => ({ network_id: v.network_id === '' ? t('This field is required.') : undefined }),
  );
  return (
    <ModalForm
      title={t('Set Gateway')}
      submitLabel={t('Submit')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const router = await set.mutateAsync({
          id: target.id,
          body: {
            network_id: form.values.network_id,
            ...(snat && { enable_snat: form.values.enable_snat }),
          },
        });
        return { updated: [router.id] };
      }}
    >
      <TextField
        label={t('Router Name')}
        isDisabled
        value={target.name || target.id}
        onChange={() => undefined}
      />
      <SelectField
        label={t('External Network')}
        isRequired
        placeholder={t('Select network')}
        options={(pools.data ?? []).map((p) => ({ value: p.id, label: p.name || p.id }))}
        {...form.bind('network_id')}
      />
      {snat && (
        <CheckboxField
          label={t('Enable SNAT')}
          checked={form.values.enable_snat}
          onChange={(checked) => form.setValue('enable_snat', checked)}
          error={undefined}
        />
      )}
    </ModalForm>
  );
}

/** Clear Gateway: a confirmation (floating IPs through this router stop working). */
export function ClearGatewayModal({ target, onClose }: ModalProps<Router>): ReactNode {
  const { t } = useTranslation();
  const clear = useMutation(routerMutations.clearGateway);
  return (
    <ModalForm
      title={t('Confirm Clear Gateway')}
      submitLabel={t('Clear Gateway')}
      submitVariant="danger"
      variant="small"
      onClose={onClose}
      onSubmit={async () => {
        await clear.mutateAsync(target);
        return { updated: [target.id] };
      }}
    >
      <p>
        {t(
          'You have selected "{{name}}". The router loses its external network: instances behind it lose access beyond the cloud, and their floating IPs stop working.',
          { name: target.name || target.id },
        )}
      </p>
    </ModalForm>
  );
}
