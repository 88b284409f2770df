import type { ApiResponse, TestCloud } from '../../testing/testCloud';

/** Seeded callers: admin (admin on admin), demo (member), reader (reader on demo), alt (demo on alt_demo). */
export type Who = 'admin' | 'demo' | 'reader' | 'alt' | 'adminOnDemo';

const LOGINS: Readonly<Record<Who, readonly [string, string]>> = {
  admin: ['admin', 'admin'],
  demo: ['demo', 'demo'],
  reader: ['reader', 'demo'],
  alt: ['demo', 'alt_demo'],
  adminOnDemo: ['admin', 'demo'],
};

export type Body = Record<string, unknown>;
export type NeutronCall = (
  who: Who,
  method: string,
  path: string,
  body?: unknown,
) => Promise<ApiResponse<Body>>;

/** Calls `/network/v2.0<path>` as one of the seeded callers. */
export const neutronAs =
  (cloud: () => TestCloud): NeutronCall =>
  async (who, method, path, body) => {
    const [user, project] = LOGINS[who];
    const token = await cloud().token(user, project);
    return cloud().request<Body>(method, `/network/v2.0${path}`, {
      token,
      ...(body === undefined ? {} : { body }),
    });
  };

/** The `{NeutronError: ...}` body of a failure. */
export const neutronError = (type: string, message: string): Body => ({
  NeutronError: { type, message, detail: '' },
});

export const list = (body: Body, key: string): Body[] => (body[key] as Body[] | undefined) ?? [];

export const names = (body: Body, key: string): string[] =>
  list(body, key).map((i) => String(i['name']));

/** The id of the seeded item called `name` in a list answer. */
export const idOf = (body: Body, key: string, name: string): string => {
  const item = list(body, key).find((i) => i['name'] === name);
  if (!item) throw new Error(`no ${key} named ${name}`);
  return String(item['id']);
};
