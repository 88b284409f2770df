import type { ApiResponse, TestCloud } from '../../testing/testCloud';

export type Body = Record<string, unknown>;

export interface CinderCall {
  readonly token: string;
  /** Microversion for `OpenStack-API-Version: volume <v>`. */
  readonly version?: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export interface Session {
  readonly token: string;
  readonly projectId: string;
  readonly userId: string;
}

export interface CinderClient {
  session(user: string, project: string): Promise<Session>;
  /** A call under `/volume/v3/<project>` of the session. */
  call<T = Body>(
    session: Session,
    method: string,
    path: string,
    options?: { version?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  /** The id of the session's volume named `name` (seeded volumes are found by name). */
  volumeId(session: Session, name: string): Promise<string>;
  /** Polls a volume (or snapshot, backup) until `status`, failing after a few seconds. */
  waitFor(
    session: Session,
    path: string,
    key: string,
    status: string | null,
    version?: string,
  ): Promise<Body | undefined>;
}

/** Test helpers for the Cinder API of a test cloud. */
export const cinderClient = (cloud: () => TestCloud): CinderClient => {
  const sessions = new Map<string, Session>();
  const call = async <T>(
    session: Session,
    method: string,
    path: string,
    options: { version?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> =>
    cloud().request<T>(method, `/volume/v3/${session.projectId}${path}`, {
      token: session.token,
      headers: {
        ...(options.version ? { 'OpenStack-API-Version': `volume ${options.version}` } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: options.body } : {}),
    });
  return {
    session: async (user, project) => {
      const key = `${user}@${project}`;
      let session = sessions.get(key);
      if (!session) {
        const { token, body } = await cloud().login(user, project);
        session = { token, projectId: body.token.project?.id ?? '', userId: body.token.user.id };
        sessions.set(key, session);
      }
      return session;
    },
    call,
    volumeId: async (session, name) =>
      String(
        (await call<{ volumes: Body[] }>(session, 'GET', `/volumes?name=${name}`)).body
          .volumes[0]?.['id'],
      ),
    waitFor: async (session, path, key, status, version) => {
      for (let i = 0; i < 100; i++) {
        const r = await call<Record<string, Body>>(
          session,
          'GET',
          path,
          version ? { version } : {},
        );
        if (status === null && r.status === 404) return undefined;
        const item = r.body[key];
        if (status !== null && item?.['status'] === status) return item;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`${path} never reached ${status ?? 'gone'}`);
    },
  };
};
