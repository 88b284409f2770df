import type { ReactNode } from 'react';
import { Button, Content } from '@patternfly/react-core';
import { TimesIcon } from '@patternfly/react-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import type { TopologyNetwork, TopologyPort } from '@skydeck/contract';
import { webRoot } from '../../api/http';
import type { DrawnNode } from './model';

export interface BalloonProps {
  node: DrawnNode;
  ports: readonly TopologyPort[];
  at: { left: number; top: number };
  onClose: () => void;
  onDelete: (node: DrawnNode) => void;
  onDeletePort: (routerId: string, port: TopologyPort) => void;
}

/** Console pop-ups are 760 by 560 (spec 1 §2). */
const openConsole = (id: string): void => {
  window.open(
    `${webRoot()}project/instances/${encodeURIComponent(id)}?tab=console`,
    `console-${id}`,
    'width=760,height=560',
  );
};

/**
 * The balloon of a node (spec 1 §2): its facts, its ports (a missing field reads None) and the
 * links of its kind: a router's details and add-interface page, a network's create-subnet
 * page, an instance's details and console.
 */
export function Balloon({
  node,
  ports,
  at,
  onClose,
  onDelete,
  onDeletePort,
}: BalloonProps): ReactNode {
  const { t } = useTranslation();
  const none = t('None');
  const id = encodeURIComponent(node.id);
  const title = node.name || node.id;
  const links: ReactNode[] = [];
  if (node.kind === 'router') {
    links.push(
      <Link key="details" to={`/project/routers/${id}`}>
        {t('View Router Details')}
      </Link>,
      <Link key="iface" to={`/project/routers/${id}/addinterface`}>
        {t('Add Interface')}
      </Link>,
    );
  } else if (node.kind === 'network') {
    links.push(
      <Link key="subnet" to={`/project/networks/${id}/subnet/create`}>
        {t('Create Subnet')}
      </Link>,
    );
  } else {
    links.push(
      <Link key="details" to={`/project/instances/${id}`}>
        {t('View Instance Details')}
      </Link>,
      <Button key="console" variant="link" isInline onClick={() => openConsole(node.id)}>
        {t('Open Console')}
      </Button>,
    );
  }
  const subnets = node.kind === 'network' ? (node.entity as TopologyNetwork).subnets : [];
  return (
    <div
      role="dialog"
      aria-label={title}
      className="skydeck-topology-balloon"
      style={{
        position: 'absolute',
        left: at.left,
        top: at.top,
        zIndex: 10,
        minWidth: 240,
        maxWidth: 360,
        padding: 12,
        background: 'var(--pf-t--global--background--color--primary--default, #fff)',
        border: '1px solid #8a8d90',
        borderRadius: 6,
        boxShadow: '0 4px 12px rgba(0,0,0,0.2)',
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <strong style={{ overflowWrap: 'anywhere' }}>{title}</strong>
        <Button variant="plain" aria-label={t('Close')} onClick={onClose} icon={<TimesIcon />} />
      </div>
      <Content component="small">
        {t('ID')}: {node.id}
        <br />
        {t('Status')}: {node.entity.status || none}
      </Content>
      {subnets.length > 0 && (
        <ul style={{ margin: '6px 0', paddingLeft: 16 }} aria-label={t('Subnets')}>
          {subnets.map((s) => (
            <li key={s.id}>
              {s.name || s.id} {s.cidr}
            </li>
          ))}
        </ul>
      )}
      {ports.length > 0 && (
        <table style={{ margin: '6px 0', fontSize: 12 }} aria-label={t('Ports')}>
          <thead>
            <tr>
              <th>{t('IP Address')}</th>
              <th>{t('Status')}</th>
              {node.kind === 'router' && <th aria-label={t('Actions')} />}
            </tr>
          </thead>
          <tbody>
            {ports.map((p) => (
              <tr key={p.id}>
                <td>{p.fixed_ips.map((ip) => ip.ip_address).join(', ') || none}</td>
                <td>{p.status || none}</td>
                {node.kind === 'router' && (
                  <td>
                    {p.device_owner !== 'network:router_gateway' && (
                      <Button
                        variant="link"
                        isInline
                        isDanger
                        onClick={() => onDeletePort(node.id, p)}
                        aria-label={t('Delete Interface')}
                      >
                        {t('Delete')}
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 8 }}>
        {links}
        <Button variant="link" isInline isDanger onClick={() => onDelete(node)}>
          {node.kind === 'router'
            ? t('Delete Router')
            : node.kind === 'network'
              ? t('Delete Network')
              : t('Delete Instance')}
        </Button>
      </div>
    </div>
  );
}
