import { buildDemoCloud } from './app';
import type { RunningDemoCloud, StartDemoCloudOptions } from './options';

const urlHost = (host: string): string => (host.includes(':') ? `[${host}]` : host);

/** Builds the demo cloud and listens; the catalog then names the bound address and port. */
export const startDemoCloud = async (opts: StartDemoCloudOptions): Promise<RunningDemoCloud> => {
  const host = opts.host ?? '127.0.0.1';
  const app = await buildDemoCloud(opts);
  try {
    await app.listen({ port: opts.port ?? 0, host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (opts.port ?? 0);
  const url = opts.publicUrl?.replace(/\/+$/, '') ?? `http://${urlHost(host)}:${port}`;
  app.setPublicUrl(url);
  return {
    url,
    authUrl: `${url}/identity/v3`,
    close: async () => {
      await app.close();
    },
  };
};
