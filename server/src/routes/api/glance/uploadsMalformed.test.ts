import { describe, expect, it } from 'vitest';
import type { ImageList } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo } = useTestApp(['demo']);

const part = (name: string, value: string, filename?: string): string =>
  `--x\r\nContent-Disposition: form-data; name="${name}"` +
  `${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;
const FIELDS = part('name', 'malformed-form') + part('disk_format', 'raw');
const FILE = part('data', 'AAAA', 'disk.raw');
const FORM = `${FIELDS}${FILE}--x--\r\n`;
const MALFORMED = /^The upload is not a well-formed multipart\/form-data body: /;

const post = (contentType: string, payload: string) =>
  t.as(demo, {
    method: 'POST',
    url: '/api/glance/images/',
    headers: { 'content-type': contentType },
    payload,
  });

describe('POST /api/glance/images/ with a malformed form', () => {
  it.each([
    ['a Content-Type without a boundary', 'multipart/form-data', FORM],
    ['an empty boundary', 'multipart/form-data; boundary=', FORM],
    ['a body that is not multipart', 'multipart/form-data; boundary=x', '{"name":"x"}'],
    ['a body with another boundary', 'multipart/form-data; boundary=y', FORM],
    ['a body cut in a field', 'multipart/form-data; boundary=x', part('name', 'abc').slice(0, -4)],
    [
      'a body cut in part headers',
      'multipart/form-data; boundary=x',
      `${FIELDS}--x\r\nContent-Dis`,
    ],
  ])('answers 400 for %s', async (_what, contentType, payload) => {
    const response = await post(contentType, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(MALFORMED);
  });

  it('answers 400 for a body cut in the file, and leaves no image behind', async () => {
    // The parser fails the file part before the handler reaches it: that stream never ends, and
    // the upload used to wait for it forever.
    const cut = `${FIELDS}--x\r\nContent-Disposition: form-data; name="data"; filename="a"\r\n\r\nAAAA`;
    const response = await post('multipart/form-data; boundary=x', cut);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The upload was interrupted before the whole file arrived',
    });
    const images = await t.as(demo, { method: 'GET', url: '/api/glance/images/' });
    expect(images.json<ImageList>().items.map((image) => image.name)).not.toContain(
      'malformed-form',
    );
  });

  it('answers 400 for a file part before the fields, an empty form, or no file', async () => {
    const fileFirst = await post('multipart/form-data; boundary=x', `${FILE}${FIELDS}--x--\r\n`);
    expect(fileFirst.statusCode).toBe(400);
    expect(fileFirst.json()).toEqual({
      message: 'The form fields must come before the file part (data)',
    });
    for (const payload of ['', '--x--\r\n', `${FIELDS}--x--\r\n`]) {
      const response = await post('multipart/form-data; boundary=x', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('answers 415 for a multipart type other than form-data', async () => {
    const response = await post('multipart/mixed; boundary=x', FORM);
    expect(response.statusCode).toBe(415);
  });
});
