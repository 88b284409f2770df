import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance, InterfaceAttachBody } from '@skydeck/contract';
import { networkQueries } from '../../data/neutron/networks';
import { portQueries } from '../../data/neutron/ports';
import { interfaceMutations } from '../../data/nova/serverActions';
import { launchableNetworks, launchablePorts } from '../../launch/model';
import type { ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';

type Via = 'network' | 'port';

/** An IPv4 or IPv6 address as typed (Neutron says whether it fits a subnet). */
const IP = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)$/;

/** The body of Attach Interface, or undefined while the form is incomplete. */
export function attachBody(
  via: Via,
  networkId: string,
  portId: string,
  fixedIp: string,
): InterfaceAttachBody | undefined {
  if (via === 'port') return portId ? { port_id: portId } : undefined;
  if (!networkId) return undefined;
  const ip = fixedIp.trim();
  if (ip !== '' && !IP.test(ip)) return undefined;
  return { network_id: networkId, ...(ip !== '' && { fixed_ip: ip }) };
}

/**
 * Attach Interface (Nova os-interface): a new port on a network, at a fixed IP if given, or a
 * free port of the project (ports are listed per network, as the launch wizard lists them).
 */
export function InstanceAttachInterfaceModal({ target, onClose }: ModalProps<Instance>): ReactNode {
  const { t } = useTranslation();
  const [via, setVia] = useState<Via>('network');
  const [networkId, setNetworkId] = useState('');
  const [portId, setPortId] = useState('');
  const [fixedIp, setFixedIp] = useState('');
  const networks = useQuery(networkQueries.mine());
  const usable = launchableNetworks(networks.data ?? []);
  const ports = useQuery({
    ...portQueries.ofNetwork(networkId),
    enabled: via === 'port' && networkId !== '',
  });
  const free = launchablePorts(ports.data ?? []);
  const attach = useMutation(interfaceMutations.attach);
  const body = attachBody(via, networkId, portId, fixedIp);
  const ipProblem = fixedIp.trim() !== '' && !IP.test(fixedIp.trim());
  return (
    <ModalForm
      title={t('Attach Interface')}
      submitLabel={t('Attach Interface')}
      description={t('Attach a network interface to "{{name}}".', {
        name: target.name || target.id,
      })}
      isValid={body !== undefined}
      onClose={onClose}
      onSubmit={async () => {
        if (!body) return undefined;
        await attach.mutateAsync({ instance: target, body });
        return { updated: [target.id] };
      }}
    >
      <SelectField
        label={t('The way to specify an interface')}
        isRequired
        value={via}
        onChange={(v) => {
          setVia(v === 'port' ? 'port' : 'network');
          setPortId('');
        }}
        options={[
          { value: 'network', label: t('by Network (and IP address)') },
          { value: 'port', label: t('by Port') },
        ]}
      />
      <SelectField
        label={t('Network')}
        isRequired
        value={networkId}
        onChange={(v) => {
          setNetworkId(v);
          setPortId('');
        }}
        placeholder={networks.isPending ? t('Loading…') : t('Select a network')}
        options={usable.map((n) => ({ value: n.id, label: n.name || n.id }))}
      />
      {via === 'network' ? (
        <TextField
          label={t('Fixed IP Address')}
          helperText={t('An address of the network’s subnets; empty: Neutron chooses one.')}
          error={ipProblem ? t('Enter an IPv4 or IPv6 address.') : undefined}
          value={fixedIp}
          onChange={setFixedIp}
        />
      ) : (
        <SelectField
          label={t('Port')}
          isRequired
          value={portId}
          onChange={setPortId}
          isDisabled={networkId === ''}
          placeholder={
            networkId === ''
              ? t('Select a network first')
              : ports.isPending
                ? t('Loading…')
                : free.length === 0
                  ? t('No free port on this network')
                  : t('Select a port')
          }
          options={free.map((p) => ({
            value: p.id,
            label: `${p.name || p.id} (${p.fixed_ips.map((ip) => ip.ip_address).join(', ')})`,
          }))}
        />
      )}
    </ModalForm>
  );
}
