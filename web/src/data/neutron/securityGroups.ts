import type {
  SecurityGroup,
  SecurityGroupCreateBody,
  SecurityGroupRule,
  SecurityGroupRuleCreateBody,
  SecurityGroupUpdateBody,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** Security groups (/api/neutron/securitygroups/): the project's own, or every project's. */
export const securityGroupQueries = {
  all: () => resourceKey('neutron.securitygroups'),
  list: (allProjects = false) =>
    routeQuery(
      'neutron.securitygroups.list',
      allProjects ? { query: { all_projects: true } } : undefined,
      {
        map: (r) => r.items,
        meta: { errorMessage: msg('Unable to retrieve the security groups.') },
      },
    ),
  detail: (id: string) =>
    routeQuery(
      'neutron.securitygroups.get',
      { params: { id } },
      {
        meta: {
          errorMessage: msg('Unable to retrieve the security group.'),
          silentStatuses: [404],
        },
      },
    ),
};

export const SECURITY_GROUP_CREATED = msg('Successfully created security group: {{name}}');
export const SECURITY_GROUP_UPDATED = msg('Successfully updated security group: {{name}}');
export const RULE_CREATED = msg('Successfully added rule: {{rule}}');

export const securityGroupMutations = {
  create: mutation({
    fn: (body: SecurityGroupCreateBody) => api('neutron.securitygroups.create', { body }),
    invalidates: [securityGroupQueries.all()],
    successMessage: (g: SecurityGroup) => t(SECURITY_GROUP_CREATED, { name: g.name }),
    errorMessage: msg('Unable to create the security group.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: SecurityGroupUpdateBody }) =>
      api('neutron.securitygroups.update', { params: { id }, body }),
    invalidates: [securityGroupQueries.all()],
    successMessage: (g: SecurityGroup) => t(SECURITY_GROUP_UPDATED, { name: g.name }),
    errorMessage: msg('Unable to update the security group.'),
    inlineErrors: true,
  }),
  /** `describe` words the new rule for the toast ("ALLOW IPv4 22/tcp from 0.0.0.0/0"). */
  createRule: mutation({
    fn: (vars: {
      groupId: string;
      body: SecurityGroupRuleCreateBody;
      describe: (rule: SecurityGroupRule) => string;
    }) =>
      api('neutron.securitygroups.createRule', {
        params: { id: vars.groupId },
        body: vars.body,
      }),
    invalidates: [securityGroupQueries.all()],
    successMessage: (rule: SecurityGroupRule, vars) =>
      t(RULE_CREATED, { rule: vars.describe(rule) }),
    errorMessage: msg('Unable to add the rule.'),
    inlineErrors: true,
  }),
};

export async function removeSecurityGroup(group: SecurityGroup): Promise<void> {
  await api('neutron.securitygroups.delete', { params: { id: group.id } });
}

export async function removeSecurityGroupRule(groupId: string, ruleId: string): Promise<void> {
  await api('neutron.securitygroups.deleteRule', { params: { id: groupId, rule_id: ruleId } });
}
