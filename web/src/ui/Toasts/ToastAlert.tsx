import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Alert, AlertActionCloseButton } from '@patternfly/react-core';
import { msg } from '../../i18n/msg';
import { type ToastItem, type ToastType, toast } from './toast';

/** Spec 1 §8: screen-reader prefixes by type ("error" renders as danger but says "Error"). */
const PREFIX: Record<ToastType, string> = {
  success: msg('Success:'),
  info: msg('Notice:'),
  warning: msg('Warning:'),
  danger: msg('Danger:'),
  error: msg('Error:'),
};

/** Success and info fade after TOAST_DELAY; warnings and errors stay until closed. */
const AUTO_DISMISS: ReadonlySet<ToastType> = new Set(['success', 'info']);

export function ToastAlert({ item, delay }: { item: ToastItem; delay: number }): ReactNode {
  const { t } = useTranslation();
  return (
    <Alert
      variant={item.type === 'error' ? 'danger' : item.type}
      variantLabel={t(PREFIX[item.type])}
      title={item.message}
      timeout={AUTO_DISMISS.has(item.type) ? delay : false}
      onTimeout={() => toast.remove(item.id)}
      actionClose={
        <AlertActionCloseButton
          aria-label={t('Close notification: {{message}}', { message: item.message })}
          onClose={() => toast.remove(item.id)}
        />
      }
    />
  );
}
