import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { PolicyBody } from '@skydeck/contract';
import { setEnvironmentSource, type PageEnvironment } from './environment';
import { policyBatcher } from './policyBatcher';

/** A server render's environment whose calls answer every check with `allowed`. */
function renderEnvironment(allowed: boolean) {
  const batches: PolicyBody[][] = [];
  const environment: PageEnvironment = {
    cookie: () => 'sessionid=x; csrftoken=t',
    webRoot: () => '/',
    takeBootstrap: () => undefined,
    fetch: (_input, init) => {
      const { checks } = JSON.parse(String(init?.body)) as { checks: PolicyBody[] };
      batches.push(checks);
      const body = JSON.stringify({ allowed: checks.map(() => allowed) });
      return Promise.resolve(
        new Response(body, { headers: { 'content-type': 'application/json' } }),
      );
    },
  };
  return { environment, batches };
}

describe('policyBatcher on the server', () => {
  afterEach(() => setEnvironmentSource(() => undefined));

  it("keeps two renders' checks apart: each goes with its own request, answered for its user", async () => {
    const context = new AsyncLocalStorage<PageEnvironment>();
    setEnvironmentSource(() => context.getStore());
    const admin = renderEnvironment(true);
    const member = renderEnvironment(false);

    // Two users' pages rendered at the same moment, asking the same check and one each.
    const [adminAnswers, memberAnswers] = await Promise.all([
      context.run(admin.environment, () =>
        Promise.all([
          policyBatcher.load({ rules: [['compute', 'context_is_admin']] }),
          policyBatcher.load({ rules: [['image', 'delete_image']] }),
        ]),
      ),
      context.run(member.environment, () =>
        Promise.all([
          policyBatcher.load({ rules: [['compute', 'context_is_admin']] }),
          policyBatcher.load({ rules: [['network', 'create_network']] }),
        ]),
      ),
    ]);

    expect(adminAnswers).toEqual([true, true]);
    expect(memberAnswers).toEqual([false, false]);
    expect(admin.batches).toEqual([
      [{ rules: [['compute', 'context_is_admin']] }, { rules: [['image', 'delete_image']] }],
    ]);
    expect(member.batches).toEqual([
      [{ rules: [['compute', 'context_is_admin']] }, { rules: [['network', 'create_network']] }],
    ]);
  });
});
