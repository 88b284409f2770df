import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { PolicyBatchBody, ServiceCatalog, Settings, UserSession } from '@skydeck/contract';
import { policy, service, setting, type Requirement } from '../registry/types';
import { mockFetch, renderWithProviders, testQueryClient } from '../testing/render';
import { policyQueries, type RequirementSet, useAllowed, useRequirements } from './permissions';

const CREATE = policy('compute', 'os_compute_api:os-keypairs:create');
const DELETE = policy('compute', 'os_compute_api:os-keypairs:delete');
/** The cache entry of one rule's check, as the batcher stores it. */
const checkKeyOf = (rule: string): readonly unknown[] =>
  policyQueries.check({ rules: [['compute', rule]] }).queryKey;

function Show({ id, sets }: { id: string; sets: RequirementSet[] }): ReactNode {
  const { allowed, loading } = useRequirements(sets);
  return <p data-testid={id}>{loading ? 'loading' : allowed.map(String).join(',')}</p>;
}

function One({ requirements }: { requirements: Requirement[] }): ReactNode {
  const allowed = useAllowed(requirements);
  return <p data-testid="one">{String(allowed)}</p>;
}

const session = { services_region: 'RegionOne' } as UserSession;
const catalog: ServiceCatalog = [
  {
    id: '1',
    type: 'compute',
    name: 'nova',
    endpoints: [
      { id: 'e', interface: 'public', region: 'RegionOne', region_id: 'RegionOne', url: 'x' },
    ],
  },
  {
    id: '2',
    type: 'volumev3',
    name: 'cinder',
    endpoints: [
      { id: 'f', interface: 'public', region: 'RegionTwo', region_id: 'RegionTwo', url: 'y' },
    ],
  },
];

describe('useRequirements', () => {
  it('sends every policy check of a render in one deduplicated batch request', async () => {
    const bodies: PolicyBatchBody[] = [];
    const spy = mockFetch((url, init) => {
      if (url.pathname === '/api/policy/batch/') {
        const body = init.json as PolicyBatchBody;
        bodies.push(body);
        // Allow everything but delete.
        return {
          body: {
            allowed: body.checks.map((c) => !c.rules.some((r) => r[1].endsWith(':delete'))),
          },
        };
      }
      return undefined;
    });
    renderWithProviders(
      <>
        <Show id="a" sets={[{ requirements: [CREATE] }, { requirements: [DELETE] }]} />
        <Show
          id="b"
          sets={[
            { requirements: [CREATE] },
            { requirements: [DELETE, CREATE] },
            { requirements: [CREATE], target: { project_id: 'p1' } },
            { requirements: [] },
          ]}
        />
      </>,
    );
    expect(await screen.findByText('true,false')).toBeInTheDocument();
    expect(await screen.findByText('true,false,true,true')).toBeInTheDocument();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(bodies[0]?.checks).toHaveLength(4);
    expect(bodies[0]?.checks).toContainEqual({
      rules: [['compute', 'os_compute_api:os-keypairs:create']],
      target: { project_id: 'p1' },
    });
  });

  it('denies everything and warns "Policy check failed" when the policy call fails', async () => {
    mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderWithProviders(<Show id="a" sets={[{ requirements: [CREATE] }, { requirements: [] }]} />);
    expect(await screen.findByText('false,true')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Warning: Policy check failed' }),
    ).toBeInTheDocument();
  });

  it('checks services against the catalog of the current region and settings flags', async () => {
    const spy = mockFetch((url) => {
      if (url.pathname === '/api/keystone/user-session/') return { body: session };
      if (url.pathname === '/api/keystone/svc-catalog/') return { body: catalog };
      if (url.pathname === '/api/settings/') {
        return {
          body: {
            ENABLE_SCHEDULER_HINTS: false,
            OPENSTACK_KEYSTONE_BACKEND: { can_edit_user: true },
          } as unknown as Settings,
        };
      }
      return undefined;
    });
    renderWithProviders(
      <Show
        id="a"
        sets={[
          { requirements: [service('compute')] },
          { requirements: [service('volume')] },
          { requirements: [service('network')] },
          { requirements: [setting('ENABLE_SCHEDULER_HINTS')] },
          { requirements: [setting('OPENSTACK_KEYSTONE_BACKEND.can_edit_user')] },
        ]}
      />,
    );
    expect(await screen.findByText('true,false,false,false,true')).toBeInTheDocument();
    expect(spy.mock.calls.some(([u]) => String(u).includes('policy'))).toBe(false);
  });

  it('useAllowed is undefined while loading, then the answer', async () => {
    let release: () => void = () => undefined;
    mockFetch(
      () => new Promise((resolve) => (release = () => resolve({ body: { allowed: [true] } }))),
    );
    renderWithProviders(<One requirements={[CREATE]} />);
    expect(screen.getByTestId('one')).toHaveTextContent('undefined');
    await new Promise((r) => setTimeout(r, 30));
    release();
    expect(await screen.findByText('true')).toBeInTheDocument();
  });

  it('answers in the first render, with no request, when every check is in the cache', () => {
    // A server render prefetches the checks in its route loader and renders once: each check's
    // observer must read its cached answer in that render, or the page goes out as if denied.
    const spy = mockFetch(() => undefined);
    const client = testQueryClient();
    client.setQueryData(checkKeyOf('os_compute_api:os-keypairs:create'), true);
    client.setQueryData(checkKeyOf('os_compute_api:os-keypairs:delete'), false);
    renderWithProviders(
      <Show id="a" sets={[{ requirements: [CREATE] }, { requirements: [DELETE] }]} />,
      { client },
    );
    expect(screen.getByTestId('a')).toHaveTextContent('true,false');
    expect(spy).not.toHaveBeenCalled();
  });

  it('keeps the answers that came when another check of the same list failed', async () => {
    const client = testQueryClient();
    client.setQueryData(checkKeyOf('os_compute_api:os-keypairs:create'), true);
    mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderWithProviders(
      <Show id="a" sets={[{ requirements: [CREATE] }, { requirements: [DELETE] }]} />,
      { client },
    );
    expect(await screen.findByText('true,false')).toBeInTheDocument();
  });
});
