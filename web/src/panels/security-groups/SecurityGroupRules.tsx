import { useState, type ReactNode } from 'react';
import { Button, Toolbar, ToolbarContent, ToolbarItem } from '@patternfly/react-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SecurityGroup, SecurityGroupRule } from '@skydeck/contract';
import { useRequirements } from '../../api/permissions';
import { removeSecurityGroupRule, securityGroupQueries } from '../../data/neutron/securityGroups';
import { t as translate } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { textColumn } from '../../registry/columns';
import { policy, type Column } from '../../registry/types';
import { confirm } from '../../ui/ConfirmDialog/confirm';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';
import { toast } from '../../ui/Toasts/toast';
import { AddRuleModal } from './AddRuleModal';
import { describeRule, portRangeText } from './ruleForm';

const CREATE = policy('network', 'create_security_group_rule');
const DELETE = policy('network', 'delete_security_group_rule');

const RULE_DELETED = msg('Deleted Rule: {{names}}.');
const RULE_DELETE_FAILED = msg('Unable to delete Rule: {{names}}. {{reason}}');

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

  const remove = async (rule: SecurityGroupRule): Promise<void> => {
    const name = describeRule(rule, groupName);
    const confirmed = await confirm({
      action: t('Delete Rule'),
      title: t('Confirm Delete Rule'),
      body: t('You have selected "{{names}}". Deleted Rule is not recoverable.', { names: name }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await removeSecurityGroupRule(group.id, rule.id);
      toast.success(translate(RULE_DELETED, { names: name }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : '';
      toast.error(translate(RULE_DELETE_FAILED, { names: name, reason }));
    }
    await queryClient.invalidateQueries({ queryKey: securityGroupQueries.all() });
  };

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
    {
      id: 'actions',
      title: msg('Actions'),
      priority: 1,
      sortable: false,
      value: () => '',
      cell: (r) =>
        canDelete && (
          <Button
            variant="danger"
            size="sm"
            aria-label={t('Delete Rule {{name}}', { name: describeRule(r, groupName) })}
            onClick={() => void remove(r)}
          >
            {t('Delete Rule')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            {canCreate && (
              <Button variant="primary" onClick={() => setAdding(true)}>
                {t('Add Rule')}
              </Button>
            )}
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      <ItemTable
        label={t('Security Group Rules')}
        columns={columns}
        items={current.rules}
        rowKey={(r) => r.id}
      />
      {adding && <AddRuleModal group={current} onClose={() => setAdding(false)} />}
    </>
  );
}
