import { t } from '../i18n/i18n';
import { msg } from '../i18n/msg';
import { toast } from '../ui/Toasts/toast';
import { ApiError } from './http';

export const UNAUTHORIZED_MESSAGE = msg('Unauthorized. Redirecting to login');
export const FORBIDDEN_MESSAGE = msg(
  'Forbidden. Insufficient permissions of the requested operation',
);
export const GENERIC_ERROR_MESSAGE = msg('An error occurred. Please try again later.');

export interface ReportOptions {
  /** Msg key shown instead of the server's text (spec 2 §8 "Unable to retrieve the …"). */
  errorMessage?: string;
  /** Statuses the caller handles itself (a 404 on details navigates to not_found). */
  silentStatuses?: readonly number[];
  /** The caller shows 4xx messages inline (ModalForm, WizardFrame): toast only the rest. */
  inlineErrors?: boolean;
}

type UnauthorizedHandler = () => void | Promise<void>;

// Until the shell installs its router-aware handler, a full page load of the login page is the
// safe way out.
let unauthorizedHandler: UnauthorizedHandler = () => {
  window.location.assign(new URL('login', document.baseURI).href);
};
let loggingOut: Promise<void> | undefined;

/** The shell's forced logout (spec 1 §6); returns a function restoring the previous handler. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  const previous = unauthorizedHandler;
  unauthorizedHandler = handler;
  return () => {
    unauthorizedHandler = previous;
  };
}

// Errors already reported, so a ModalForm seeing the same error the cache reported stays quiet.
const reported = new WeakSet<object>();

export function wasReported(error: unknown): boolean {
  return typeof error === 'object' && error !== null && reported.has(error);
}

/** Mark an error as dealt with (e.g. the policy batcher showed its own warning). */
export function markReported(error: unknown): void {
  if (typeof error === 'object' && error !== null) reported.add(error);
}

export function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error.name === 'AbortError' || error.name === 'CancelledError')
  );
}

/** True for 4xx answers a form should show next to its fields (not 401/403, handled globally). */
export function isFormError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 403
  );
}

function forceLogout(): void {
  if (loggingOut) return;
  loggingOut = Promise.resolve()
    .then(() => unauthorizedHandler())
    .catch(() => undefined)
    .finally(() => {
      loggingOut = undefined;
    });
}

/**
 * Statuses whose text the server wrote itself about an OpenStack service (bad gateway,
 * unavailable, timed out: "The image service (glance) did not answer in time."). It never echoes
 * a service's 5xx text, and its own 500 says nothing useful, so other 5xx add nothing.
 */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * A refusal because of the resource's state (409), in the service's own words ("One or more
 * ports have an IP allocation from this subnet."): what the user needs to know to act on it.
 * Only when our server answered it (a JSON body): never a proxy's page. '' otherwise.
 */
export function conflictReason(error: unknown): string {
  if (!(error instanceof ApiError) || error.status !== 409) return '';
  return typeof error.body === 'object' && error.body !== null ? error.message : '';
}

/**
 * "Unable to retrieve the images." plus the server's sentence on which service failed, or the
 * service's reason for a conflict, if any.
 */
function withServerDetail(text: string, error: unknown): string {
  if (!(error instanceof ApiError)) return text;
  const detail = GATEWAY_STATUSES.has(error.status)
    ? typeof error.body === 'object' && error.body !== null
      ? error.message
      : ''
    : conflictReason(error);
  return detail && detail !== text ? `${text} ${detail}` : text;
}

/**
 * The one place API failures become user feedback (spec 1 §6, §8; spec 2 §8): 401 → toast and
 * forced logout, 403 → toast only, anything else → the caller's message or the server's text.
 * Each error object is reported at most once.
 */
export function reportError(error: unknown, options: ReportOptions = {}): void {
  if (wasReported(error) || isAbort(error)) return;
  markReported(error);
  if (error instanceof ApiError) {
    if (options.silentStatuses?.includes(error.status)) return;
    if (error.status === 401) {
      toast.error(t(UNAUTHORIZED_MESSAGE));
      forceLogout();
      return;
    }
    if (error.status === 403) {
      toast.error(t(FORBIDDEN_MESSAGE));
      return;
    }
    if (options.inlineErrors && isFormError(error)) return;
  }
  if (options.errorMessage) {
    toast.error(withServerDetail(t(options.errorMessage), error));
    return;
  }
  const serverText = error instanceof ApiError ? error.message : '';
  toast.error(serverText || t(GENERIC_ERROR_MESSAGE));
}
