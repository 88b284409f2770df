import type { TestCloud } from '../../testing/testCloud';

/** Test helpers for Swift, whose answers are text, JSON or XML and whose bodies may be large. */

export interface SwiftResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export interface SwiftRequest {
  /** A seeded user's name (a token scoped to `project`); omit for an anonymous call. */
  readonly as?: string;
  readonly project?: string;
  /** An explicit token, instead of `as`. */
  readonly token?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
}

export interface SwiftTestClient {
  /** `/object-store/v1/AUTH_<id>` of a seeded project. */
  account(project?: string): Promise<string>;
  request(method: string, path: string, options?: SwiftRequest): Promise<SwiftResponse>;
  /** A JSON listing (`format=json` added). */
  list<T = Record<string, unknown>>(path: string, options?: SwiftRequest): Promise<T[]>;
}

export const swiftClient = (cloud: () => TestCloud): SwiftTestClient => {
  const projectIds = new Map<string, string>();
  const projectId = async (project: string): Promise<string> => {
    let id = projectIds.get(project);
    if (!id) {
      const user = project === 'admin' ? 'admin' : 'demo';
      const { body } = await cloud().login(user, project);
      id = body.token.project?.id ?? '';
      projectIds.set(project, id);
    }
    return id;
  };
  const request = async (
    method: string,
    path: string,
    options: SwiftRequest = {},
  ): Promise<SwiftResponse> => {
    const headers: Record<string, string> = { ...options.headers };
    const token =
      options.token ??
      (options.as ? await cloud().token(options.as, options.project ?? 'demo') : undefined);
    if (token) headers['X-Auth-Token'] = token;
    const response = await fetch(`${cloud().url}${path}`, {
      method,
      headers,
      // A Buffer, so fetch adds no Content-Type of its own (swift would store it).
      body: typeof options.body === 'string' ? Buffer.from(options.body) : options.body,
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  return {
    account: async (project = 'demo') => `/object-store/v1/AUTH_${await projectId(project)}`,
    request,
    list: async <T>(path: string, options?: SwiftRequest): Promise<T[]> => {
      const response = await request(
        'GET',
        `${path}${path.includes('?') ? '&' : '?'}format=json`,
        options,
      );
      if (response.status !== 200) {
        throw new Error(`listing ${path}: ${response.status} ${response.text}`);
      }
      return JSON.parse(response.text) as T[];
    },
  };
};
