/** What both benchmarks need: wait for the product, sign in through it, and a direct token. */

export interface Cookies {
  cookie: string;
  csrf: string;
}

export async function waitFor(url: string, ms = 180_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not come up`);
}

/** Signs in through the server's login flow, as the web app does (CSRF cookie first). */
export async function login(base: string, user: string): Promise<Cookies> {
  const jar = new Map<string, string>();
  const take = (r: Response): void => {
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = (pair ?? '').split('=');
      if (k && v !== undefined) jar.set(k, v);
    }
  };
  const header = (): string => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  take(await fetch(`${base}auth/options/`));
  const csrf = jar.get('csrftoken') ?? '';
  const r = await fetch(`${base}auth/login/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-CSRFToken': csrf,
      'X-Requested-With': 'XMLHttpRequest',
      Cookie: header(),
    },
    body: JSON.stringify({ username: user, password: user, auth_type: 'credentials' }),
  });
  if (!r.ok) throw new Error(`login failed: ${r.status} ${await r.text()}`);
  take(r);
  return { cookie: header(), csrf: jar.get('csrftoken') ?? csrf };
}

/** A demo-project token straight from Keystone and the public RegionOne endpoint of `type`. */
export async function directToken(
  authUrl: string,
  type: string,
): Promise<{ token: string; endpoint: string }> {
  const r = await fetch(`${authUrl}/auth/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      auth: {
        identity: {
          methods: ['password'],
          password: { user: { name: 'demo', domain: { name: 'Default' }, password: 'demo' } },
        },
        scope: { project: { name: 'demo', domain: { name: 'Default' } } },
      },
    }),
  });
  const body = (await r.json()) as {
    token: {
      catalog: {
        type: string;
        endpoints: { interface: string; region_id: string; url: string }[];
      }[];
    };
  };
  const endpoint = body.token.catalog
    .find((s) => s.type === type)
    ?.endpoints.find((e) => e.interface === 'public' && e.region_id === 'RegionOne')?.url;
  if (!endpoint) throw new Error(`no ${type} endpoint`);
  return { token: r.headers.get('x-subject-token') ?? '', endpoint: endpoint.replace(/\/+$/, '') };
}
