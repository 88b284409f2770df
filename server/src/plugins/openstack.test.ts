import { describe, expect, it } from 'vitest';
import {
  MicroversionUnsupportedError,
  OpenStackHttpError,
  OpenStackNetworkError,
  OpenStackTimeoutError,
  ServiceUnavailableError,
} from '@skydeck/openstack-client';
import { mapUpstreamError } from './openstack';

const http = (status: number, message: string): OpenStackHttpError =>
  new OpenStackHttpError({ status, service: 'compute', message, body: {} });

describe('mapUpstreamError', () => {
  it('keeps 4xx statuses and their messages, and hides 401 details', () => {
    expect(mapUpstreamError(http(401, 'token expired'))).toEqual({
      status: 401,
      message: 'Unauthorized',
    });
    for (const status of [400, 403, 404, 409, 413]) {
      expect(mapUpstreamError(http(status, `upstream ${status}`))).toEqual({
        status,
        message: `upstream ${status}`,
      });
    }
  });

  it('never echoes a 5xx text', () => {
    const internal = mapUpstreamError(http(500, 'Traceback: db password=...'));
    expect(internal).toEqual({
      status: 502,
      message: 'The compute service (nova) failed to process the request.',
    });
    expect(mapUpstreamError(http(503, 'maintenance by bob'))).toEqual({
      status: 503,
      message: 'The compute service (nova) is unavailable.',
    });
  });

  it('maps transport and catalog failures', () => {
    expect(mapUpstreamError(new ServiceUnavailableError('volume', 'RegionTwo'))).toEqual({
      status: 503,
      message: 'Service type is not enabled: volume',
    });
    expect(mapUpstreamError(new OpenStackNetworkError('image', new Error('ECONNREFUSED')))).toEqual(
      {
        status: 503,
        message: 'The image service (glance) cannot be reached.',
      },
    );
    expect(mapUpstreamError(new OpenStackTimeoutError('network', 30000))).toEqual({
      status: 504,
      message: 'The network service (neutron) did not answer in time.',
    });
    expect(mapUpstreamError(new OpenStackTimeoutError('placement', 30000))?.message).toBe(
      'The placement service did not answer in time.',
    );
    expect(
      mapUpstreamError(
        new MicroversionUnsupportedError('compute', '2.15', { min: '2.1', max: '2.10' }),
      )?.status,
    ).toBe(400);
    expect(mapUpstreamError(new Error('x'))).toBeUndefined();
  });
});
