import { Fault } from '../../core/faults';
import type { FaultHandling, RawAnswer } from '../../core/faults';
import type { FastifyRequest } from 'fastify';

/** A heat error: `{"explanation", "code", "error": {"message", "traceback", "type"}, "title"}`. */
export class HeatFault extends Fault {
  constructor(
    status: number,
    readonly type: string,
    message: string,
    /** heat-api leaves `message` out when the engine's exception had none (e.g. a RemoteError). */
    readonly withoutMessage = false,
  ) {
    super(status, message);
  }
}

/** Where a template validation error was found, and what: heat's StackValidationFailed parts. */
export interface ValidationParts {
  /** A prefix such as `Property error` or `Output validation error`. */
  readonly error?: string;
  /** The dotted path, e.g. `resources.r.properties.length`. */
  readonly path?: string;
  readonly message: string;
}

/**
 * heat's StackValidationFailed. The engine formats it `error: path: message`; crossing the RPC
 * boundary on stack create re-formats the parts once more (`error: : path: : message`), while
 * POST /validate answers the first form as a plain HTTPBadRequest.
 */
export class ValidationFault extends HeatFault {
  constructor(readonly parts: ValidationParts) {
    super(
      400,
      'StackValidationFailed',
      [parts.error, parts.path, parts.message]
        .filter((p): p is string => p !== undefined)
        .join(': : '),
    );
  }

  /** The answer of POST /validate for the same failure. */
  forValidate(): HeatFault {
    const { error, path, message } = this.parts;
    const text = [error, path, message].filter((p): p is string => p !== undefined).join(': ');
    return new HeatFault(400, 'HTTPBadRequest', text);
  }
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** webob's explanation texts, which heat's fault middleware copies into every error. */
const EXPLANATIONS: Readonly<Record<number, string>> = {
  400: 'The server could not comply with the request since it is either malformed or otherwise incorrect.',
  401: 'This server could not verify that you are authorized to access the document you requested.',
  403: 'Access was denied to this resource.',
  404: 'The resource could not be found.',
  405: 'The method specified is not allowed for this resource.',
  409: 'There was a conflict when trying to complete your request.',
  500: 'The server has either erred or is incapable of performing the requested operation.',
};

const DEFAULT_TYPES: Readonly<Record<number, string>> = {
  400: 'HTTPBadRequest',
  403: 'Forbidden',
  404: 'HTTPNotFound',
  405: 'HTTPMethodNotAllowed',
  409: 'HTTPConflict',
  415: 'HTTPUnsupportedMediaType',
};

export const heatFaults: FaultHandling = {
  render: (status, message, fault) => ({
    code: status,
    title: TITLES[status] ?? 'Error',
    explanation: EXPLANATIONS[status] ?? EXPLANATIONS[500],
    error: {
      type: fault instanceof HeatFault ? fault.type : (DEFAULT_TYPES[status] ?? 'HTTPError'),
      traceback: null,
      ...(fault instanceof HeatFault && fault.withoutMessage ? {} : { message }),
    },
  }),
  notFoundMessage: 'The resource could not be found.',
  internalErrorMessage:
    'The server has either erred or is incapable of performing the requested operation.',
  malformedBodyMessage:
    'The server could not comply with the request since it is either malformed or otherwise incorrect.',
};

/** webob's answer for a path heat-api's router does not know, negotiated on Accept. */
const unroutedAnswer = (request: FastifyRequest): RawAnswer => {
  const accept = request.headers.accept ?? '';
  if (accept === '' || accept.includes('html') || accept.includes('*/*')) {
    return {
      status: 404,
      contentType: 'text/html; charset=UTF-8',
      body: '<html>\n <head>\n  <title>404 Not Found</title>\n </head>\n <body>\n  <h1>404 Not Found</h1>\n  The resource could not be found.<br /><br />\n\n\n\n </body>\n</html>',
    };
  }
  if (accept.includes('json') || accept.includes('application/*')) {
    return {
      status: 404,
      body: {
        message: 'The resource could not be found.<br /><br />\n\n\n',
        code: '404 Not Found',
        title: 'Not Found',
      },
    };
  }
  return {
    status: 404,
    contentType: 'text/plain; charset=UTF-8',
    body: '404 Not Found\n\nThe resource could not be found.\n\n   ',
  };
};

const COMPLY = EXPLANATIONS[400] ?? '';

/**
 * heat-api behind keystonemiddleware: an unknown path is webob's 404, a known path asked
 * with another method heat's JSON 405 (worded as a 400, without an Allow header).
 */
export const heatRouting: FaultHandling = {
  ...heatFaults,
  unrouted: unroutedAnswer,
  methodNotAllowed: () => ({
    status: 405,
    body: {
      code: 405,
      title: 'Method Not Allowed',
      explanation: COMPLY,
      error: { type: 'HTTPMethodNotAllowed', traceback: null, message: COMPLY },
    },
  }),
};

export const heatError = (status: number, type: string, message: string): HeatFault =>
  new HeatFault(status, type, message);

/** An engine exception heat-api relays with its type only (`{"type": "RemoteError", ...}`). */
export const bareError = (status: number, type: string): HeatFault =>
  new HeatFault(status, type, '', true);

export const validationFailed = (parts: ValidationParts): ValidationFault =>
  new ValidationFault(parts);

export const stackNotFound = (name: string): HeatFault =>
  heatError(404, 'EntityNotFound', `The Stack (${name}) could not be found.`);

export const resourceNotFound = (name: string, stack: string): HeatFault =>
  heatError(
    404,
    'ResourceNotFound',
    `The Resource (${name}) could not be found in Stack ${stack}.`,
  );

export const invalidTemplate = (message: string): ValidationFault =>
  new ValidationFault({ message });

export const invalidSchema = (message: string): HeatFault =>
  heatError(400, 'InvalidSchemaError', message);

export const invalidReference = (name: string, where: string): HeatFault =>
  heatError(
    400,
    'InvalidTemplateReference',
    `The specified reference "${name}" (in ${where}) is incorrect.`,
  );

export const badRequest = (message: string): HeatFault => heatError(400, 'HTTPBadRequest', message);

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
