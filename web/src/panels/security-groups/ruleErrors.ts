import { ApiError } from '../../api/http';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { FormError } from '../../ui/ModalForm/FormError';

export const RULE_DUPLICATE = msg(
  'This rule already exists in the security group; nothing was added. ({{reason}})',
);
export const RULE_QUOTA = msg(
  'The project has used all the security group rules its quota allows; delete a rule or ask for a larger quota. ({{reason}})',
);

/**
 * Neutron answers both a duplicate rule and a full quota with 409: each gets a sentence saying
 * what happened and what to do, with Neutron's own text kept for the details.
 */
export function explainRuleError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 409) return error;
  const reason = error.message;
  if (/already exists/i.test(reason)) return new FormError(t(RULE_DUPLICATE, { reason }));
  if (/quota/i.test(reason)) return new FormError(t(RULE_QUOTA, { reason }));
  return error;
}
