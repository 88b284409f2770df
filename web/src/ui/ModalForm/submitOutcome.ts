import {
  GENERIC_ERROR_MESSAGE,
  isAbort,
  isFormError,
  markReported,
  reportError,
  wasReported,
} from '../../api/errors';
import { ApiError } from '../../api/http';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { toast } from '../Toasts/toast';
import { FormError } from './FormError';

export const SUBMIT_FAILED = msg('There was an error submitting the form. Please try again.');

/**
 * How a form reacts to a failed submit (spec 1 §4, §8): a 4xx answer or a FormError shows its
 * message in the form, which stays open ('inline'); 401/403 and server or network failures are
 * reported globally (once) and the form closes ('close').
 */
export function submitOutcome(
  error: unknown,
): { kind: 'inline'; message: string } | { kind: 'close' } {
  if (error instanceof FormError) return { kind: 'inline', message: error.message };
  if (isFormError(error))
    return { kind: 'inline', message: error.message || t(GENERIC_ERROR_MESSAGE) };
  if (isAbort(error)) return { kind: 'close' };
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    reportError(error);
    return { kind: 'close' };
  }
  if (!wasReported(error)) {
    toast.error(t(SUBMIT_FAILED));
    markReported(error);
  }
  return { kind: 'close' };
}
