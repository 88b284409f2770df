// The public entry of @skydeck/server: the app factory, its configuration and the test helper.
export { buildApp } from './app';
export type { BuildAppOptions } from './app';
export { loadConfig, normaliseWebroot } from './config/loadConfig';
export type { LoadConfigOptions } from './config/loadConfig';
export { ConfigError } from './config/configError';
export type { AppConfig, CloudConfig, ServerConfig } from './config/schema';
export { DEFAULT_SETTINGS } from './config/settings';
export { MemorySessionStore } from './plugins/sessionStore';
export type { SessionData, SessionStore } from './plugins/sessionStore';
export { buildTestApp } from './testing/buildTestApp';
export type { TestApp, TestSession, TestUser } from './testing/buildTestApp';
