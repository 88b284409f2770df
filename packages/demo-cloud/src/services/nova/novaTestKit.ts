import type { ApiResponse, TestCloud } from '../../testing/testCloud';
import { FALLBACK_IMAGE_ID } from './seedServers';

/** Helpers shared by the Nova server tests (not a test file itself). */

export type ServerView = Record<string, unknown> & {
  id: string;
  name: string;
  status: string;
  'OS-EXT-STS:task_state': string | null;
  'OS-EXT-STS:vm_state': string;
};

export const COMPUTE = '/compute/v2.1';

/** The cirros image id: from Glance when it is hosted, else the id the seed falls back to. */
export const cirrosImageId = async (cloud: TestCloud, token: string): Promise<string> => {
  const r = await cloud.request<{ images?: Array<{ id: string }> }>(
    'GET',
    '/image/v2/images?name=cirros-0.6.2-x86_64-disk',
    { token },
  );
  return r.status === 200 && r.body.images?.[0] ? r.body.images[0].id : FALLBACK_IMAGE_ID;
};

/** A network's id by name, from Neutron. */
export const networkIdByName = async (
  cloud: TestCloud,
  token: string,
  name: string,
): Promise<string> => {
  const r = await cloud.request<{ networks?: Array<{ id: string }> }>(
    'GET',
    `/network/v2.0/networks?name=${encodeURIComponent(name)}`,
    { token },
  );
  const found = r.body.networks?.[0];
  if (!found) throw new Error(`no network named ${name}: ${r.status}`);
  return found.id;
};

export const getServer = async (
  cloud: TestCloud,
  token: string,
  id: string,
  microversion = 'latest',
): Promise<ApiResponse<{ server: ServerView }>> =>
  cloud.request<{ server: ServerView }>('GET', `${COMPUTE}/servers/${id}`, { token, microversion });

export const createServer = async (
  cloud: TestCloud,
  token: string,
  server: Record<string, unknown>,
  options: { microversion?: string; hints?: Record<string, unknown> } = {},
): Promise<
  ApiResponse<Record<string, unknown> & { server?: { id: string; adminPass?: string } }>
> =>
  cloud.request('POST', `${COMPUTE}/servers`, {
    token,
    microversion: options.microversion ?? '2.52',
    body: { server, ...(options.hints ? { 'os:scheduler_hints': options.hints } : {}) },
  });

/** Polls a server until `done` holds (lifecycle steps are due on the next request at scale 0). */
export const waitForServer = async (
  cloud: TestCloud,
  token: string,
  id: string,
  done: (s: ServerView | undefined, status: number) => boolean,
  timeoutMs = 5000,
): Promise<ServerView | undefined> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await getServer(cloud, token, id);
    const server = r.status === 200 ? r.body.server : undefined;
    if (done(server, r.status)) return server;
    if (Date.now() > deadline) {
      throw new Error(
        `server ${id} did not settle: ${r.status} ${JSON.stringify(server ?? r.body)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export const waitForStatus = (
  cloud: TestCloud,
  token: string,
  id: string,
  status: string,
): Promise<ServerView | undefined> =>
  waitForServer(
    cloud,
    token,
    id,
    (s) => s?.status === status && s['OS-EXT-STS:task_state'] === null,
  );

export const serverAction = async (
  cloud: TestCloud,
  token: string,
  id: string,
  body: unknown,
  microversion = 'latest',
): Promise<ApiResponse> =>
  cloud.request('POST', `${COMPUTE}/servers/${id}/action`, { token, microversion, body });

/** The id of a seeded server by name (as the caller sees it). */
export const serverIdByName = async (
  cloud: TestCloud,
  token: string,
  name: string,
  allTenants = false,
): Promise<string> => {
  const r = await cloud.request<{ servers: Array<{ id: string; name: string }> }>(
    'GET',
    `${COMPUTE}/servers?name=^${encodeURIComponent(name)}$${allTenants ? '&all_tenants=1' : ''}`,
    { token },
  );
  const found = r.body.servers?.[0];
  if (!found) throw new Error(`no server named ${name}`);
  return found.id;
};
