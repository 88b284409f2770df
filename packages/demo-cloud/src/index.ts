export { buildDemoCloud } from './app';
export { startDemoCloud } from './start';
export type { DemoCloudOptions, RunningDemoCloud, StartDemoCloudOptions } from './options';
export { SEED_PROJECTS, SEED_USERS } from './services/keystone/seed';
