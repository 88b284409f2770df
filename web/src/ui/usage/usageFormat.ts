import { t } from '../../i18n/i18n';

/** Hours as the overview shows them: two decimals, grouped by the user's language. */
export const formatHours = (value: number): string =>
  value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Seconds of uptime as "3 days, 4 hours" style text (largest two units). */
export function formatUptime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) {
    return `${t('{{count}} day', { count: days })}, ${t('{{count}} hour', { count: hours % 24 })}`;
  }
  if (hours > 0) {
    return `${t('{{count}} hour', { count: hours })}, ${t('{{count}} minute', { count: minutes % 60 })}`;
  }
  return t('{{count}} minute', { count: minutes });
}
