import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '@skydeck/openstack-client';
import { useTestApp } from '../testing/useTestApp';
import { normaliseRequestId, requestIdGenerator } from './requestId';

const REQ_ID = /^req-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every upstream call the server makes: where to, and with which X-OpenStack-Request-ID. */
const upstream: Array<{ url: string; requestId: string | null }> = [];
const recordingFetch: FetchLike = (url, init) => {
  upstream.push({ url, requestId: new Headers(init.headers).get('x-openstack-request-id') });
  return fetch(url, init);
};

/** The server's log lines (JSON), as an operator's log collector gets them. */
const logLines: Array<Record<string, unknown>> = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() !== '') logLines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

describe('request ids', () => {
  const { t, demo } = useTestApp(['demo'], {
    app: { fetch: recordingFetch, logger: { level: 'info', stream: logStream } },
  });

  it('answers X-Request-Id and sends the same id to OpenStack and to every log line', async () => {
    upstream.length = 0;
    logLines.length = 0;
    const response = await t.as(demo, { method: 'GET', url: '/api/nova/keypairs/' });
    expect(response.statusCode).toBe(200);
    const id = response.headers['x-request-id'];
    expect(id).toMatch(REQ_ID);

    const calls = upstream.filter((call) => call.url.includes('/compute/'));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.requestId).toBe(id);

    const lines = logLines.filter((line) => 'req' in line || 'res' in line);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.reqId).toBe(id);
  });

  it('gives each request its own id, refusals included', async () => {
    const first = await t.as(demo, { method: 'GET', url: '/api/nova/keypairs/' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/nova/keypairs/' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers['x-request-id']).toMatch(REQ_ID);
    expect(refused.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('ignores a client-sent X-Request-Id when no proxy is trusted', async () => {
    const sent = 'req-0b7e5d1c-4f6a-4e2b-9c3d-2a1b0c9d8e7f';
    const response = await t.as(demo, {
      method: 'GET',
      url: '/api/nova/keypairs/',
      headers: { 'x-request-id': sent },
    });
    expect(response.headers['x-request-id']).toMatch(REQ_ID);
    expect(response.headers['x-request-id']).not.toBe(sent);
  });
});

describe('request ids behind a trusted proxy (SKYDECK_TRUST_PROXY)', () => {
  const { t, demo } = useTestApp(['demo'], { config: { trustProxy: true } });

  it("keeps the proxy's X-Request-Id, in OpenStack's form", async () => {
    const response = await t.as(demo, {
      method: 'GET',
      url: '/api/nova/keypairs/',
      headers: { 'x-request-id': '0b7e5d1c4f6a4e2b9c3d2a1b0c9d8e7f' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('req-0b7e5d1c-4f6a-4e2b-9c3d-2a1b0c9d8e7f');
  });
});

describe('requestIdGenerator', () => {
  const from = (header: string | undefined): IncomingMessage =>
    ({ headers: header === undefined ? {} : { 'x-request-id': header } }) as IncomingMessage;

  it("takes a trusted proxy's id in OpenStack's form, and makes one otherwise", () => {
    const trusted = requestIdGenerator(true);
    expect(trusted(from('req-0B7E5D1C-4F6A-4E2B-9C3D-2A1B0C9D8E7F'))).toBe(
      'req-0b7e5d1c-4f6a-4e2b-9c3d-2a1b0c9d8e7f',
    );
    // nginx's $request_id: 32 hex digits.
    expect(trusted(from('0b7e5d1c4f6a4e2b9c3d2a1b0c9d8e7f'))).toBe(
      'req-0b7e5d1c-4f6a-4e2b-9c3d-2a1b0c9d8e7f',
    );
    expect(trusted(from('anything; drop table'))).toMatch(REQ_ID);
    expect(trusted(from(undefined))).toMatch(REQ_ID);
    expect(requestIdGenerator(false)(from('0b7e5d1c4f6a4e2b9c3d2a1b0c9d8e7f'))).not.toBe(
      'req-0b7e5d1c-4f6a-4e2b-9c3d-2a1b0c9d8e7f',
    );
  });

  it('normalises the forms OpenStack accepts and refuses the rest', () => {
    expect(normaliseRequestId('0b7e5d1c-4f6a-4e2b-9c3d-2a1b0c9d8e7f')).toBe(
      'req-0b7e5d1c-4f6a-4e2b-9c3d-2a1b0c9d8e7f',
    );
    expect(normaliseRequestId('req-123')).toBeUndefined();
    expect(normaliseRequestId('')).toBeUndefined();
  });
});
