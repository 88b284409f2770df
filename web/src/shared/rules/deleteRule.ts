import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { confirm } from '../../ui/ConfirmDialog/confirm';
import { toast } from '../../ui/Toasts/toast';

const RULE_DELETED = msg('Deleted Rule: {{names}}.');
const RULE_DELETE_FAILED = msg('Unable to delete Rule: {{names}}. {{reason}}');

/**
 * Delete Rule of a security group or QoS policy: confirm, delete, say how it went, then `refresh`
 * (also after a failure: the rule may be gone all the same).
 */
export async function confirmDeleteRule(
  name: string,
  remove: () => Promise<unknown>,
  refresh: () => Promise<unknown>,
): Promise<void> {
  const confirmed = await confirm({
    action: t(msg('Delete Rule')),
    title: t(msg('Confirm Delete Rule')),
    body: t(msg('You have selected "{{names}}". Deleted Rule is not recoverable.'), {
      names: name,
    }),
    danger: true,
  });
  if (!confirmed) return;
  try {
    await remove();
    toast.success(t(RULE_DELETED, { names: name }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : '';
    toast.error(t(RULE_DELETE_FAILED, { names: name, reason }));
  }
  await refresh();
}
