import type { TestCloud } from '../../testing/testCloud';

/** Helpers the Heat tests share: a session, the tenant's API path, polling a stack. */

export type Json = Record<string, unknown>;

export interface StackBody {
  stack: Json & { id: string; stack_status: string; outputs: Json[]; parameters: Json };
}

export const session = async (
  cloud: TestCloud,
  user = 'demo',
  project = 'demo',
): Promise<{ token: string; projectId: string }> => {
  const { token, body } = await cloud.login(user, project);
  return { token, projectId: body.token.project?.id ?? '' };
};

export const base = (projectId: string): string => `/orchestration/v1/${projectId}`;

export const waitFor = async (
  cloud: TestCloud,
  token: string,
  path: string,
  done: (status: number, body: StackBody) => boolean,
): Promise<{ status: number; body: StackBody }> => {
  for (let i = 0; i < 300; i++) {
    const r = await cloud.request<StackBody>('GET', path, { token });
    if (done(r.status, r.body)) return r;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting on ${path}`);
};

export const settled = (status: number, body: StackBody): boolean =>
  status !== 200 || !body.stack.stack_status.endsWith('IN_PROGRESS');

/** heat keeps a deleted stack visible by id, as DELETE_COMPLETE. */
export const deletedStack = (status: number, body: StackBody): boolean =>
  status === 200 && body.stack.stack_status === 'DELETE_COMPLETE';

/** Creates a stack and waits until it settles; returns its path and final body. */
export const createStack = async (
  cloud: TestCloud,
  token: string,
  projectId: string,
  body: Json,
): Promise<{ path: string; stack: StackBody['stack'] }> => {
  const created = await cloud.request<{ stack: { id: string } }>(
    'POST',
    `${base(projectId)}/stacks`,
    { token, body },
  );
  if (created.status !== 201) throw new Error(`create: ${JSON.stringify(created.body)}`);
  const path = `${base(projectId)}/stacks/${String(body['stack_name'])}/${created.body.stack.id}`;
  const done = await waitFor(cloud, token, path, settled);
  return { path, stack: done.body.stack };
};

/** A stack's events in order, as `name:STATUS` (reasons after a `|` when asked). */
export const eventTrail = async (
  cloud: TestCloud,
  token: string,
  path: string,
  withReasons = false,
): Promise<string[]> => {
  const events = await cloud.request<{ events: Json[] }>('GET', `${path}/events?sort_dir=asc`, {
    token,
  });
  return events.body.events.map(
    (e) =>
      `${String(e['resource_name'])}:${String(e['resource_status'])}${
        withReasons ? `|${String(e['resource_status_reason'])}` : ''
      }`,
  );
};

/** A stack's outputs as a key → value map. */
export const outputMap = (stack: { outputs: Json[] }): Record<string, unknown> =>
  Object.fromEntries(stack.outputs.map((o) => [String(o['output_key']), o['output_value']]));
