import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectQueries } from '../../data/keystone/projects';
import { mockFetch, renderWithProviders, testQueryClient } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { ProjectName } from './projectNames';

const project = (id: string, name: string) => ({
  id,
  name,
  domain_id: 'default',
  description: '',
  enabled: true,
  is_domain: false,
  parent_id: 'default',
});

function setup(denied: string[]) {
  const calls: string[] = [];
  mockFetch((url, init) => {
    calls.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}`);
    return cloud({
      denied,
      routes: {
        'GET /api/keystone/projects/': () => ({
          body: { items: [project('p1', 'demo'), project('p2', 'alt_demo')] },
        }),
      },
    })(url, init);
  });
  const client = testQueryClient();
  // The user's own projects come with the session (the bootstrap), as in the app.
  client.setQueryData(projectQueries.mine().queryKey, { items: [project('p1', 'demo')] });
  renderWithProviders(
    <>
      <p data-testid="own">
        <ProjectName id="p1" />
      </p>
      <p data-testid="other">
        <ProjectName id="p2" />
      </p>
    </>,
    { client },
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProjectName', () => {
  it('names every project for a user who may list them', async () => {
    const calls = setup([]);
    expect(await screen.findByText('alt_demo')).toBeInTheDocument();
    expect(screen.getByTestId('own')).toHaveTextContent('demo');
    expect(calls).toContain('GET /api/keystone/projects/');
  });

  it('never asks a member’s forbidden list: own projects by name, others by id', async () => {
    const calls = setup(['identity:list_projects']);
    expect(await screen.findByText('demo')).toBeInTheDocument();
    expect(screen.getByTestId('other')).toHaveTextContent('p2');
    // Give a wrongly enabled query its chance to go out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual(['POST /api/policy/batch/']);
  });
});
