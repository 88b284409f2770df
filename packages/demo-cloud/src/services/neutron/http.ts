import type { FastifyRequest } from 'fastify';
import { Fault } from '../../core/faults';
import type { FaultHandling } from '../../core/faults';
import { requestPath } from '../../core/routeTable';
import type { CloudContext } from '../../core/service';
import { pyRepr, pyStr } from '../../core/python';

/** A neutron error: `{"NeutronError": {"type": <exception class>, "message": ..., "detail": ""}}`. */
export class NeutronFault extends Fault {
  constructor(
    status: number,
    readonly type: string,
    message: string,
  ) {
    super(status, message);
    this.name = 'NeutronFault';
  }
}

/** webob's exception class names, for faults that are not neutron exceptions. */
const WEBOB_TYPES: Readonly<Record<number, string>> = {
  400: 'HTTPBadRequest',
  401: 'HTTPUnauthorized',
  403: 'HTTPForbidden',
  404: 'HTTPNotFound',
  405: 'HTTPMethodNotAllowed',
  409: 'HTTPConflict',
  413: 'HTTPRequestEntityTooLarge',
  415: 'HTTPUnsupportedMediaType',
  500: 'HTTPInternalServerError',
  503: 'HTTPServiceUnavailable',
};

export const neutronFaults: FaultHandling = {
  render: (status, message, fault) => ({
    NeutronError: {
      type: fault instanceof NeutronFault ? fault.type : (WEBOB_TYPES[status] ?? 'HTTPError'),
      message,
      detail: '',
    },
  }),
  notFoundMessage: 'The resource could not be found.',
  internalErrorMessage: 'Request Failed: internal server error while processing your request.',
  malformedBodyMessage: 'Body contains invalid data',
  methodNotAllowed: async (request) => {
    const path = requestPath(request).replace(/\/+$/, '');
    // The extensions and quotas controllers are no plain REST controllers (and a quota's id is
    // any project id, None included): answered as unknown paths.
    if (/\/v2\.0\/(extensions|quotas)(\/|$)/.test(path)) return undefined;
    // pecan hands PUT and DELETE on a collection to the member controller, with the id None.
    const member = `${path}/None`;
    if (request.server.routeTable.methodsAt(member).includes(request.method)) {
      const answer = await request.server.inject({
        method: request.method as 'PUT' | 'DELETE',
        url: member,
        headers: forwardedHeaders(request),
        ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
      });
      const contentType = answer.headers['content-type'];
      return {
        status: answer.statusCode,
        body: answer.body,
        ...(typeof contentType === 'string' ? { contentType } : {}),
      };
    }
    // pecan's 405, rendered by neutron's fault hook with webob's 400 text and no Allow header.
    return {
      status: 405,
      body: {
        NeutronError: {
          type: 'HTTPMethodNotAllowed',
          message:
            'The server could not comply with the request since it is either malformed or otherwise incorrect.',
          detail: '',
        },
      },
    };
  },
};

const forwardedHeaders = (request: FastifyRequest): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const name of ['x-auth-token', 'accept', 'content-type']) {
    const value = request.headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
};

// Constructors for the neutron exceptions the API answers with.
export const badRequest = (message: string): NeutronFault =>
  new NeutronFault(400, 'HTTPBadRequest', message);
export const invalidInput = (reason: string): NeutronFault =>
  new NeutronFault(400, 'InvalidInput', `Invalid input for operation: ${reason}.`);
export const badRequestOf = (resource: string, msg: string): NeutronFault =>
  new NeutronFault(400, 'BadRequest', `Bad ${resource} request: ${msg}.`);
export const resourceNotFound = (): NeutronFault =>
  new NeutronFault(404, 'HTTPNotFound', 'The resource could not be found.');
export const neutronError = (status: number, type: string, message: string): NeutronFault =>
  new NeutronFault(status, type, message);

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Neutron's standard-attribute timestamps: `2026-11-22T02:06:07Z` (whole seconds). */
export const neutronTime = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

export const networkApiUrl = (ctx: CloudContext, request: FastifyRequest, path: string): string =>
  `${ctx.baseUrl(request)}/network/v2.0${path}`;

export { pyRepr, pyStr };
