import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config/loadConfig';
import type { AppConfig } from '../config/schema';

/**
 * The app against a cloud that is never reached (port 9 on loopback): enough for what happens
 * before any upstream call — headers, CSRF, sessions, the SPA, validation.
 */
export const buildOfflineApp = async (
  overrides: Partial<AppConfig> = {},
): Promise<{ app: FastifyInstance; config: AppConfig }> => {
  const base = loadConfig({ env: { SKYDECK_LOG_LEVEL: 'silent' } });
  const config: AppConfig = {
    ...base,
    cloud: {
      authUrl: 'http://127.0.0.1:9/identity/v3',
      regions: ['RegionOne'],
      interface: 'public',
      source: 'offline test',
    },
    ...overrides,
  };
  return { app: await buildApp(config, { logger: false }), config };
};
