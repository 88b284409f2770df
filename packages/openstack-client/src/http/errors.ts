export interface OpenStackHttpErrorInit {
  status: number;
  service: string;
  message: string;
  code?: number;
  title?: string;
  body: unknown;
  requestId?: string;
  method?: string;
  url?: string;
}

/**
 * A non-2xx answer from an OpenStack service. `message` is the upstream fault text (never the raw
 * body); callers that show it to users must still decide whether a 5xx text may be echoed.
 */
export class OpenStackHttpError extends Error {
  override readonly name = 'OpenStackHttpError';
  readonly status: number;
  readonly service: string;
  /** The `code` inside the fault body, when the service sends one. */
  readonly code?: number;
  /** Keystone's `title`, Nova/Cinder's fault key (`itemNotFound`), Neutron's `type`. */
  readonly title?: string;
  /** The parsed JSON body, or the text for non-JSON answers. */
  readonly body: unknown;
  readonly requestId?: string;
  readonly method?: string;
  readonly url?: string;

  constructor(init: OpenStackHttpErrorInit) {
    super(init.message);
    this.status = init.status;
    this.service = init.service;
    this.code = init.code;
    this.title = init.title;
    this.body = init.body;
    this.requestId = init.requestId;
    this.method = init.method;
    this.url = init.url;
  }
}

/** The request did not complete within its time budget. */
export class OpenStackTimeoutError extends Error {
  override readonly name = 'OpenStackTimeoutError';
  readonly service: string;
  readonly timeoutMs: number;
  readonly url?: string;

  constructor(service: string, timeoutMs: number, url?: string) {
    super(`${service} did not answer within ${timeoutMs} ms`);
    this.service = service;
    this.timeoutMs = timeoutMs;
    this.url = url;
  }
}

/** The service could not be reached at all (DNS, refused connection, TLS, reset). */
export class OpenStackNetworkError extends Error {
  override readonly name = 'OpenStackNetworkError';
  readonly service: string;
  readonly url?: string;

  constructor(service: string, cause: unknown, url?: string) {
    super(`${service} is unreachable: ${describeCause(cause)}`, { cause });
    this.service = service;
    this.url = url;
  }
}

/** The catalog has no usable endpoint for a service type in the chosen region and interface. */
export class ServiceUnavailableError extends Error {
  override readonly name = 'ServiceUnavailableError';
  readonly serviceType: string;
  readonly region?: string;

  constructor(serviceType: string, region?: string) {
    super(
      region === undefined
        ? `Service type is not enabled: ${serviceType}`
        : `Service type is not enabled: ${serviceType} (region ${region})`,
    );
    this.serviceType = serviceType;
    this.region = region;
  }
}

/** The endpoint's microversion range cannot express what the call needs. */
export class MicroversionUnsupportedError extends Error {
  override readonly name = 'MicroversionUnsupportedError';
  readonly service: string;
  readonly required: string;
  readonly min: string;
  readonly max: string;

  constructor(service: string, required: string, range: { min: string; max: string }) {
    super(
      `${service} supports microversions ${range.min}–${range.max}; this call needs ${required}`,
    );
    this.service = service;
    this.required = required;
    this.min = range.min;
    this.max = range.max;
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    // undici hides the socket error (ECONNREFUSED …) in `cause`.
    const inner = cause.cause;
    if (inner instanceof Error && inner.message) return `${cause.message} (${inner.message})`;
    return cause.message;
  }
  return String(cause);
}
