import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { swiftClient } from './swiftTesting';

describe('swift bulk delete and /info', () => {
  const cloud = useTestCloud();
  const swift = swiftClient(cloud);
  const demo = { as: 'demo' };

  const fill = async (container: string, names: string[]): Promise<string> => {
    const account = await swift.account();
    await swift.request('PUT', `${account}/${container}`, demo);
    for (const name of names) {
      await swift.request('PUT', `${account}/${container}/${encodeURIComponent(name)}`, {
        ...demo,
        body: name,
      });
    }
    return account;
  };

  it('deletes objects first, then containers, and reports the outcome as JSON', async () => {
    const account = await fill('bulk', ['a.txt', 'dir/b.txt', 'with space.txt']);
    await fill('bulk-empty', []);
    const body = [
      'bulk/a.txt',
      '/bulk/dir/b.txt',
      encodeURIComponent('bulk/with space.txt'),
      'bulk/missing.txt',
      'bulk',
      'bulk-empty',
      'public-assets',
    ].join('\n');
    const response = await swift.request('POST', `${account}?bulk-delete`, {
      ...demo,
      body,
      headers: { 'Content-Type': 'text/plain', Accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(response.text)).toEqual({
      'Response Status': '400 Bad Request',
      'Response Body': '',
      'Number Deleted': 5,
      'Number Not Found': 1,
      Errors: [['public-assets', '409 Conflict']],
    });
    expect((await swift.request('HEAD', `${account}/bulk`, demo)).status).toBe(404);
  });

  it('answers in text by default, and reports an empty request as invalid', async () => {
    const account = await fill('bulk-text', ['x']);
    const ok = await swift.request('DELETE', `${account}?bulk-delete`, {
      ...demo,
      body: 'bulk-text/x\nbulk-text\n',
    });
    expect(ok.headers.get('content-type')).toBe('text/plain');
    expect(ok.text).toBe(
      'Number Deleted: 2\nNumber Not Found: 0\nResponse Body: \nResponse Status: 200 OK\nErrors:\n',
    );
    const empty = await swift.request('POST', `${account}?bulk-delete`, {
      ...demo,
      body: '\n',
      headers: { Accept: 'application/json' },
    });
    expect(JSON.parse(empty.text)).toMatchObject({
      'Response Status': '400 Bad Request',
      'Response Body': 'Invalid bulk delete.',
    });
  });

  it('deletes with the caller’s rights only', async () => {
    const account = await fill('bulk-guarded', ['keep.txt']);
    const anonymous = await swift.request('POST', `${account}?bulk-delete`, {
      body: 'bulk-guarded/keep.txt',
      headers: { Accept: 'application/json' },
    });
    expect(JSON.parse(anonymous.text)).toMatchObject({
      'Number Deleted': 0,
      Errors: [['bulk-guarded/keep.txt', '401 Unauthorized']],
    });
    const reader = await swift.request('POST', `${account}?bulk-delete`, {
      as: 'reader',
      body: 'bulk-guarded/keep.txt',
      headers: { Accept: 'application/json' },
    });
    expect(JSON.parse(reader.text)).toMatchObject({
      Errors: [['bulk-guarded/keep.txt', '403 Forbidden']],
    });
    expect((await swift.request('HEAD', `${account}/bulk-guarded/keep.txt`, demo)).status).toBe(
      200,
    );
  });

  it('publishes the capabilities document without a token', async () => {
    const info = await swift.request('GET', '/object-store/info');
    expect(info.status).toBe(200);
    expect(info.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const body = JSON.parse(info.text) as Record<string, Record<string, unknown>>;
    expect(body['swift']).toMatchObject({
      version: '2.30.1',
      max_file_size: 5368709122,
      container_listing_limit: 10000,
      account_listing_limit: 10000,
      max_meta_name_length: 128,
      max_meta_value_length: 256,
      max_meta_count: 90,
      max_meta_overall_size: 4096,
      max_object_name_length: 1024,
      max_container_name_length: 256,
    });
    expect(body['bulk_delete']).toEqual({
      max_deletes_per_request: 10000,
      max_failed_deletes: 1000,
    });
    expect(body['tempurl']).toMatchObject({ methods: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'] });
    // Python's json.dumps layout.
    expect(info.text.startsWith('{"swift": {"version": "2.30.1", ')).toBe(true);
  });

  it('is in the catalog as object-store, with the project’s account in the URL', async () => {
    const { body } = await cloud().login('demo', 'demo');
    const entry = body.token.catalog?.find((s) => s.type === 'object-store');
    expect(entry?.name).toBe('swift');
    const publicUrl = entry?.endpoints.find((e) => e.interface === 'public')?.url;
    expect(publicUrl).toBe(`${cloud().url}/object-store/v1/AUTH_${body.token.project?.id}`);
  });
});
