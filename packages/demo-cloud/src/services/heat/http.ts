import { Fault } from '../../core/faults';
import type { FaultHandling } from '../../core/faults';

/** A heat error: `{"explanation", "code", "error": {"message", "traceback", "type"}, "title"}`. */
export class HeatFault extends Fault {
  constructor(
    status: number,
    readonly type: string,
    message: string,
  ) {
    super(status, message);
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
    explanation: EXPLANATIONS[status] ?? EXPLANATIONS[500],
    code: status,
    error: {
      message,
      traceback: null,
      type: fault instanceof HeatFault ? fault.type : (DEFAULT_TYPES[status] ?? 'HTTPError'),
    },
    title: TITLES[status] ?? 'Error',
  }),
  notFoundMessage: 'The resource could not be found.',
  internalErrorMessage:
    'The server has either erred or is incapable of performing the requested operation.',
  malformedBodyMessage:
    'The server could not comply with the request since it is either malformed or otherwise incorrect.',
};

export const heatError = (status: number, type: string, message: string): HeatFault =>
  new HeatFault(status, type, message);

export const stackNotFound = (name: string): HeatFault =>
  heatError(404, 'EntityNotFound', `The Stack (${name}) could not be found.`);

export const resourceNotFound = (name: string, stack: string): HeatFault =>
  heatError(
    404,
    'ResourceNotFound',
    `The Resource (${name}) could not be found in Stack ${stack}.`,
  );

export const invalidTemplate = (message: string): HeatFault =>
  heatError(400, 'StackValidationFailed', message);

export const badRequest = (message: string): HeatFault => heatError(400, 'HTTPBadRequest', message);

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
