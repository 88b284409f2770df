import { describe, expect, it } from 'vitest';
import { withoutStyleAttributes } from './entry-server';
import { kp, renderOnServer as render } from './testing/serverRender';
import { computeCatalog, networkService } from './testing/shell';

describe('the server renders a panel page first (foundation issue §5)', () => {
  it("renders the panel's rows into the markup, with the state to hydrate it from", async () => {
    const { page, calls } = await render('http://skydeck.test/project/key_pairs', {
      'GET /api/nova/keypairs/': () => ({
        status: 200,
        body: { items: [kp('alpha'), kp('beta')] },
      }),
    });
    expect(page).toBeDefined();
    expect(page?.html).toContain('alpha');
    expect(page?.html).toContain('beta');
    expect(page?.html).toContain('>Key Pairs</h1>');
    // The bootstrap came with the page; nothing asked for it again.
    expect(calls).not.toContain('GET /api/bootstrap/');
    // Each call once: what the route's loaders started is what the render waited for.
    expect(calls.filter((c) => c === 'GET /api/nova/keypairs/')).toHaveLength(1);
    const keys = page?.state.queries.queries.map((q) => JSON.stringify(q.queryKey)) ?? [];
    expect(keys.some((k) => k.includes('keypairs'))).toBe(true);
    // Every route the router matched has its (empty) loader answer, so the browser runs none.
    expect(Object.keys(page?.state.router.loaderData ?? {}).length).toBeGreaterThan(0);
    // No inline script and no style attribute: the strict CSP would refuse both.
    expect(page?.html).not.toMatch(/<script/i);
    expect(page?.html).not.toMatch(/ style="/);
  });

  it('writes a hostile name as text', async () => {
    const { page } = await render('http://skydeck.test/project/key_pairs', {
      'GET /api/nova/keypairs/': () => ({
        status: 200,
        body: { items: [kp('<img src=x onerror=alert(1)>'), kp('" style="x')] },
      }),
    });
    expect(page?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page?.html).not.toContain('<img src=x');
    // A quote in a name is escaped, so it never begins an attribute.
    expect(page?.html).not.toMatch(/ style="x/);
  });

  it('leaves a page whose list failed to the browser, which reports it', async () => {
    const { page } = await render('http://skydeck.test/project/key_pairs', {
      'GET /api/nova/keypairs/': () => ({ status: 503, body: { message: 'Nova is down' } }),
    });
    expect(page).toBeUndefined();
  });

  it('leaves a page in another language than English to the browser', async () => {
    const { page, calls } = await render(
      'http://skydeck.test/project/key_pairs',
      { 'GET /api/nova/keypairs/': () => ({ status: 200, body: { items: [kp('alpha')] } }) },
      { cookie: 'csrftoken=tok; skydeck_language=de' },
    );
    expect(page).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('renders links that depend on the page from the route, not the window (trunks)', async () => {
    const trunk = {
      id: 't1',
      name: 'trunk-a',
      name_or_id: 'trunk-a',
      description: '',
      project_id: 'p1',
      port_id: 'port-1',
      status: 'ACTIVE',
      admin_state_up: true,
      admin_state: 'UP',
      sub_ports: [],
      subport_count: 0,
    };
    const { page } = await render(
      'http://skydeck.test/admin/trunks',
      {
        'GET /api/neutron/extensions/': () => ({
          status: 200,
          body: { items: [{ alias: 'trunk', name: 'Trunk Extension', description: '' }] },
        }),
        'GET /api/neutron/trunks/': () => ({ status: 200, body: { items: [trunk] } }),
      },
      { catalog: [...computeCatalog(), networkService()] },
    );
    expect(page?.html).toContain('trunk-a');
    expect(page?.html).toContain('href="/admin/networks/ports/port-1/detail"');
  });

  it('renders only resource panels', async () => {
    for (const href of ['http://skydeck.test/', 'http://skydeck.test/login']) {
      const { page, calls } = await render(href, {});
      expect(page).toBeUndefined();
      expect(calls).toEqual([]);
    }
  });
});

describe('withoutStyleAttributes', () => {
  it('moves style attributes where the browser sets them through the CSSOM', () => {
    expect(withoutStyleAttributes('<img style="--h:32px" alt="a"><p>style="x"</p>')).toBe(
      '<img data-ssr-style="--h:32px" alt="a"><p>style="x"</p>',
    );
  });
});
