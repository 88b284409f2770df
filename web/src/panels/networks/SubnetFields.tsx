import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { SubnetPool } from '@skydeck/contract';
import { subnetPoolQueries } from '../../data/neutron/subnetPools';
import type { FormState } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import type { SubnetFieldErrors, SubnetFormValues } from './subnetForm';

interface Props {
  form: FormState<SubnetFormValues>;
  /** Errors found on Next or submit (a wizard step's), over the form's own. */
  errors?: SubnetFieldErrors;
  /** Editing: the CIDR and IP version cannot change. */
  editing?: boolean;
}

const errorOf = (props: Props, key: keyof SubnetFormValues): string | undefined =>
  props.errors?.[key] ?? props.form.errors[key];

/** Prefix lengths a pool hands out, its default marked (spec 1 §5). */
export function prefixChoices(
  pool: SubnetPool,
  defaultLabel: (length: number) => string,
): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (let n = pool.min_prefixlen; n <= pool.max_prefixlen; n++) {
    out.push({ value: String(n), label: n === pool.default_prefixlen ? defaultLabel(n) : `/${n}` });
  }
  return out;
}

/** The subnet's name, address, version and gateway (the wizard's "Subnet" step). */
export function SubnetMainFields(props: Props): ReactNode {
  const { t } = useTranslation();
  const { form, editing } = props;
  const pools = useQuery({ ...subnetPoolQueries.list(), enabled: !editing });
  const fromPool = !editing && form.values.address_source === 'subnetpool';
  const pool = pools.data?.find((p) => p.id === form.values.subnetpool_id);
  return (
    <>
      <TextField label={t('Subnet Name')} maxLength={255} {...form.bind('name')} />
      {!editing && (pools.data?.length ?? 0) > 0 && (
        <SelectField
          label={t('Network Address Source')}
          options={[
            { value: 'manual', label: t('Enter Network Address manually') },
            { value: 'subnetpool', label: t('Allocate Network Address from a pool') },
          ]}
          {...form.bind('address_source')}
          onChange={(value) =>
            form.setValue('address_source', value === 'subnetpool' ? 'subnetpool' : 'manual')
          }
        />
      )}
      {fromPool && (
        <>
          <SelectField
            label={t('Address pool')}
            isRequired
            placeholder={t('Select a pool')}
            options={(pools.data ?? []).map((p) => ({
              value: p.id,
              label: `${p.name || p.id} (${p.prefixes.join(', ')})`,
            }))}
            {...form.bind('subnetpool_id')}
            error={errorOf(props, 'subnetpool_id')}
            onChange={(id) => {
              const chosen = pools.data?.find((p) => p.id === id);
              form.setValues((prev) => ({
                ...prev,
                subnetpool_id: id,
                prefixlen: chosen ? String(chosen.default_prefixlen) : '',
                // The pool decides the IP version (its select is disabled meanwhile).
                ip_version: chosen?.ip_version === 6 ? '6' : chosen ? '4' : prev.ip_version,
              }));
            }}
          />
          {pool && (
            <SelectField
              label={t('Network Mask')}
              options={prefixChoices(pool, (n) => t('/{{length}} (default)', { length: n }))}
              {...form.bind('prefixlen')}
            />
          )}
        </>
      )}
      {!fromPool && (
        <TextField
          label={t('Network Address')}
          isRequired={!editing}
          isReadOnly={editing}
          placeholder={form.values.ip_version === '6' ? 'fd00:1::/64' : '192.168.0.0/24'}
          helperText={t('Network address in CIDR format (e.g. 192.168.0.0/24, 2001:DB8::/48)')}
          {...form.bind('cidr')}
          error={errorOf(props, 'cidr')}
        />
      )}
      <SelectField
        label={t('IP Version')}
        isDisabled={editing || fromPool}
        options={[
          { value: '4', label: 'IPv4' },
          { value: '6', label: 'IPv6' },
        ]}
        {...form.bind('ip_version')}
        onChange={(value) => form.setValue('ip_version', value === '6' ? '6' : '4')}
      />
      <TextField
        label={t('Gateway IP')}
        isReadOnly={form.values.no_gateway}
        helperText={t(
          'IP address of the gateway (e.g. 192.168.0.254). Leave it blank to use the first address of the network.',
        )}
        {...form.bind('gateway_ip')}
        error={errorOf(props, 'gateway_ip')}
      />
      <CheckboxField
        label={t('Disable Gateway')}
        checked={form.values.no_gateway}
        onChange={(checked) => form.setValue('no_gateway', checked)}
        error={undefined}
      />
    </>
  );
}

/** DHCP, pools, DNS servers, host routes and IPv6 modes (the "Subnet Details" step). */
export function SubnetDetailFields(props: Props): ReactNode {
  const { t } = useTranslation();
  const { form, editing } = props;
  const v6 = form.values.ip_version === '6';
  const modes = [
    { value: '', label: t('No options specified') },
    { value: 'slaac', label: t('SLAAC') },
    { value: 'dhcpv6-stateful', label: t('DHCPv6 stateful') },
    { value: 'dhcpv6-stateless', label: t('DHCPv6 stateless') },
  ];
  return (
    <>
      <CheckboxField
        label={t('Enable DHCP')}
        checked={form.values.enable_dhcp}
        onChange={(checked) => form.setValue('enable_dhcp', checked)}
        error={undefined}
      />
      {v6 && !editing && (
        <>
          <SelectField label={t('IPv6 RA Mode')} options={modes} {...form.bind('ipv6_ra_mode')} />
          <SelectField
            label={t('IPv6 Address Mode')}
            options={modes}
            {...form.bind('ipv6_address_mode')}
            error={errorOf(props, 'ipv6_address_mode')}
          />
        </>
      )}
      <TextAreaField
        label={t('Allocation Pools')}
        isCode
        rows={3}
        helperText={t(
          'IP address allocation pools, one per line: start,end (e.g. 192.168.0.10,192.168.0.99).',
        )}
        {...form.bind('allocation_pools')}
        error={errorOf(props, 'allocation_pools')}
      />
      <TextAreaField
        label={t('DNS Name Servers')}
        isCode
        rows={3}
        helperText={t('IP address of each DNS name server, one per line.')}
        {...form.bind('dns_nameservers')}
        error={errorOf(props, 'dns_nameservers')}
      />
      <TextAreaField
        label={t('Host Routes')}
        isCode
        rows={3}
        helperText={t(
          'Additional routes announced to the hosts, one per line: destination_cidr,nexthop (e.g. 192.168.200.0/24,10.56.1.254).',
        )}
        {...form.bind('host_routes')}
        error={errorOf(props, 'host_routes')}
      />
    </>
  );
}
