import { describe, expect, it } from 'vitest';
import { parseFault } from './faults';

describe('parseFault', () => {
  it.each([
    [
      'Nova itemNotFound',
      404,
      { itemNotFound: { code: 404, message: 'Flavor m1.huge could not be found.' } },
      { message: 'Flavor m1.huge could not be found.', code: 404, title: 'itemNotFound' },
    ],
    [
      'Nova badRequest',
      400,
      { badRequest: { code: 400, message: 'Invalid input for field/attribute name.' } },
      { message: 'Invalid input for field/attribute name.', code: 400, title: 'badRequest' },
    ],
    [
      'Nova forbidden',
      403,
      {
        forbidden: {
          code: 403,
          message: "Policy doesn't allow os_compute_api:os-flavor-manage:create to be performed.",
        },
      },
      {
        message: "Policy doesn't allow os_compute_api:os-flavor-manage:create to be performed.",
        code: 403,
        title: 'forbidden',
      },
    ],
    [
      'Nova conflictingRequest',
      409,
      { conflictingRequest: { code: 409, message: "Key pair 'k1' already exists." } },
      { message: "Key pair 'k1' already exists.", code: 409, title: 'conflictingRequest' },
    ],
    [
      'Nova computeFault',
      500,
      {
        computeFault: {
          code: 500,
          message: 'Unexpected API Error.',
          details: 'Traceback…',
        },
      },
      { message: 'Unexpected API Error.', code: 500, title: 'computeFault' },
    ],
    [
      'Cinder (Nova-shaped)',
      404,
      { itemNotFound: { code: 404, message: 'Volume abc could not be found.' } },
      { message: 'Volume abc could not be found.', code: 404, title: 'itemNotFound' },
    ],
    [
      'Keystone',
      401,
      {
        error: {
          code: 401,
          title: 'Unauthorized',
          message: 'The request you have made requires authentication.',
        },
      },
      {
        message: 'The request you have made requires authentication.',
        code: 401,
        title: 'Unauthorized',
      },
    ],
    [
      'Neutron',
      404,
      {
        NeutronError: {
          type: 'NetworkNotFound',
          message: 'Network n1 could not be found.',
          detail: '',
        },
      },
      { message: 'Network n1 could not be found.', title: 'NetworkNotFound' },
    ],
    [
      'Neutron with detail',
      409,
      {
        NeutronError: {
          type: 'InUse',
          message: 'Unable to complete operation.',
          detail: 'Port p1 in use.',
        },
      },
      { message: 'Unable to complete operation. Port p1 in use.', title: 'InUse' },
    ],
    [
      'Heat',
      404,
      {
        explanation: 'The resource could not be found.',
        code: 404,
        error: {
          message: 'The Stack (s1) could not be found.',
          traceback: null,
          type: 'EntityNotFound',
        },
        title: 'Not Found',
      },
      { message: 'The Stack (s1) could not be found.', code: 404, title: 'Not Found' },
    ],
    [
      'Placement (API-WG errors)',
      409,
      {
        errors: [
          {
            status: 409,
            title: 'Conflict',
            detail: 'Inventory in use.',
            code: 'placement.inventory.inuse',
          },
        ],
      },
      { message: 'Inventory in use.', code: 409, title: 'Conflict' },
    ],
    [
      'Octavia (WSME)',
      400,
      {
        faultcode: 'Client',
        faultstring: 'Invalid input for field/attribute name.',
        debuginfo: null,
      },
      { message: 'Invalid input for field/attribute name.' },
    ],
  ])('reads %s', (_name, status, body, expected) => {
    expect(parseFault(status, body)).toEqual(expected);
  });

  it('reads webob plain text (Glance)', () => {
    const text = '404 Not Found\n\nNo image found with ID 7f3b.\n\n   ';
    expect(parseFault(404, text)).toEqual({
      message: 'No image found with ID 7f3b.',
      title: 'Not Found',
    });
  });

  it('reads webob JSON (Glance asked for application/json)', () => {
    const body = {
      message: 'Image 7f3b is protected and cannot be deleted.<br /><br />\n\n\n',
      code: '403 Forbidden',
      title: 'Forbidden',
    };
    expect(parseFault(403, body)).toEqual({
      message: 'Image 7f3b is protected and cannot be deleted.',
      code: 403,
      title: 'Forbidden',
    });
    const detailed = {
      message: 'The request is larger.<br /><br />\nImage exceeds the storage quota &amp; more\n\n',
      code: '413 Request Entity Too Large',
      title: 'Request Entity Too Large',
    };
    expect(parseFault(413, detailed).message).toBe(
      'The request is larger. Image exceeds the storage quota & more',
    );
  });

  it('reads an HTML page (Glance via webob)', () => {
    const html =
      '<html>\n <head>\n  <title>409 Conflict</title>\n </head>\n <body>\n  <h1>409 Conflict</h1>\n' +
      '  Image status transition from active to active is not allowed<br /><br />\n\n\n\n </body>\n</html>';
    expect(parseFault(409, html).message).toBe(
      'Image status transition from active to active is not allowed',
    );
  });

  it('reads a Swift HTML body and decodes entities', () => {
    const html =
      '<html><h1>Unauthorized</h1><p>This server could not verify that you are authorized &amp; ' +
      'so on &#39;x&#39;.</p></html>';
    expect(parseFault(401, html)).toEqual({
      message: "This server could not verify that you are authorized & so on 'x'.",
      title: 'Unauthorized',
    });
  });

  it('keeps a single-line text body whole', () => {
    expect(parseFault(409, 'There was a conflict when trying to complete your request.')).toEqual({
      message: 'There was a conflict when trying to complete your request.',
    });
  });

  it('falls back to the status line for empty or unknown bodies', () => {
    expect(parseFault(502, '', 'Bad Gateway')).toEqual({ message: '502 Bad Gateway' });
    expect(parseFault(500, { weird: 1 })).toEqual({ message: 'HTTP 500' });
    expect(parseFault(503, [1, 2])).toEqual({ message: 'HTTP 503' });
  });

  it('reads Ironic JSON-in-a-string and plain message fields', () => {
    expect(
      parseFault(404, { error_message: JSON.stringify({ faultstring: 'Node n1 not found.' }) }),
    ).toEqual({ message: 'Node n1 not found.' });
    expect(parseFault(400, { message: 'Bad thing', code: 400 })).toEqual({
      message: 'Bad thing',
      code: 400,
    });
  });

  it('clips very long messages', () => {
    const message = parseFault(500, {
      computeFault: { code: 500, message: 'x'.repeat(5000) },
    }).message;
    expect(message.length).toBeLessThanOrEqual(1001);
  });
});
