import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { SecurityGroup, SecurityGroupRule } from '@skydeck/contract';
import { useRequirements } from '../../api/permissions';
import { removeSecurityGroupRule, securityGroupQueries } from '../../data/neutron/securityGroups';
import { msg } from '../../i18n/msg';
import { textColumn } from '../../registry/columns';
import { policy, type Column } from '../../registry/types';
import { confirmDeleteRule } from '../../shared/rules/deleteRule';
import { EditableItemTable } from '../../ui/ResourceTable/EditableItemTable';
import { AddRuleModal } from './AddRuleModal';
import { describeRule, portRangeText } from './ruleForm';

const CREATE = policy('network', 'create_security_group_rule');
const DELETE = policy('network', 'delete_security_group_rule');

/** Manage Rules: the group's rules, Add Rule and Delete Rule. */
export function SecurityGroupRules({ group }: { group: SecurityGroup }): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The details query holds the rules; the list names remote groups.
  const fresh = useQuery(securityGroupQueries.detail(group.id));
  const groups = useQuery(securityGroupQueries.list());
  const current = fresh.data ?? group;
  const target = { project_id: group.project_id };
  const access = useRequirements([
    { requirements: [CREATE], target },
    { requirements: [DELETE], target },
  ]);
  const [canCreate, canDelete] = access.allowed;
  const [adding, setAdding] = useState(false);
  const groupName = (id: string): string => groups.data?.find((g) => g.id === id)?.name ?? id;

  const remove = (rule: SecurityGroupRule): Promise<void> =>
    confirmDeleteRule(
      describeRule(rule, groupName),
      () => removeSecurityGroupRule(group.id, rule.id),
      () => queryClient.invalidateQueries({ queryKey: securityGroupQueries.all() }),
    );

  const columns: Column<SecurityGroupRule>[] = [
    textColumn('direction', msg('Direction'), (r) =>
      r.direction === 'ingress' ? t('Ingress') : t('Egress'),
    ),
    textColumn('ethertype', msg('Ether Type'), (r) => r.ethertype),
    textColumn('protocol', msg('IP Protocol'), (r) => r.protocol ?? t('Any')),
    textColumn('ports', msg('Port Range'), (r) => portRangeText(r, t('Any'))),
    textColumn('remote_ip_prefix', msg('Remote IP Prefix'), (r) => r.remote_ip_prefix ?? '-'),
    textColumn('remote_group', msg('Remote Security Group'), (r) =>
      r.remote_group_id === null ? '-' : groupName(r.remote_group_id),
    ),
    textColumn('description', msg('Description'), (r) => r.description || '-'),
  ];

  return (
    <>
      <EditableItemTable
        label={t('Security Group Rules')}
        columns={columns}
        items={current.rules}
        rowKey={(r) => r.id}
        addLabel={t('Add Rule')}
        canAdd={canCreate === true}
        onAdd={() => setAdding(true)}
        deleteLabel={t('Delete Rule')}
        deleteAriaLabel={(r) => t('Delete Rule {{name}}', { name: describeRule(r, groupName) })}
        canDelete={canDelete === true}
        onDelete={(r) => void remove(r)}
      />
      {adding && <AddRuleModal group={current} onClose={() => setAdding(false)} />}
    </>
  );
}
