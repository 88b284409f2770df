import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { neutronAs, neutronError } from './testSupport';

const METHOD_NOT_ALLOWED = neutronError(
  'HTTPMethodNotAllowed',
  'The server could not comply with the request since it is either malformed or otherwise incorrect.',
);

describe('neutron routing of unknown paths and methods', () => {
  const cloud = useTestCloud();
  const call = neutronAs(cloud);

  it('answers a method a routed path does not take with 405, without Allow', async () => {
    const patched = await call('demo', 'PATCH', '/networks', {});
    expect(patched.status).toBe(405);
    expect(patched.body).toEqual(METHOD_NOT_ALLOWED);
    expect(patched.headers.get('allow')).toBeNull();
    expect((await call('demo', 'POST', '/routers/some-id', {})).status).toBe(405);
  });

  it('hands PUT and DELETE on a collection to the member routes with the id None', async () => {
    const put = await call('demo', 'PUT', '/networks', { network: { name: 'x' } });
    expect(put.status).toBe(404);
    expect(put.body).toEqual(neutronError('NetworkNotFound', 'Network None could not be found.'));
    const deleted = await call('demo', 'DELETE', '/security-groups');
    expect(deleted.body).toEqual(
      neutronError('SecurityGroupNotFound', 'Security group None does not exist'),
    );
  });

  it('answers other methods on extensions as an unknown path, and asks for a token first', async () => {
    const extensions = await call('demo', 'PUT', '/extensions', {});
    expect(extensions.status).toBe(404);
    expect(extensions.body).toEqual(
      neutronError('HTTPNotFound', 'The resource could not be found.'),
    );
    expect((await cloud().request('PATCH', '/network/v2.0/networks')).status).toBe(401);
    expect((await cloud().request('GET', '/network/v2.0/nothing-here')).status).toBe(401);
  });
});
