import { fileURLToPath } from 'node:url';

/**
 * Lab mode (`npm run test:e2e:lab`, E2E_LAB=1): the product runs against the OpenStack lab
 * (tools/openstack-lab, real Zed services seeded with the demo cloud's users) instead of a
 * throwaway demo cloud, and only the smoke slice runs (tests tagged @smoke). E2E_LAB_AUTH_URL
 * points it at another cloud seeded the same way.
 */
export const lab = process.env.E2E_LAB === '1';

// Fixed loopback ports, so the suite can reach the demo cloud directly as well as the product.
// Lab mode has its own, so it can run beside a demo-cloud run.
export const port = Number(process.env.E2E_PORT ?? (lab ? 9133 : 9123));
export const cloudPort = Number(process.env.E2E_CLOUD_PORT ?? 5123);
export const baseURL = `http://127.0.0.1:${port}/`;
export const cloudAuthUrl = lab
  ? (process.env.E2E_LAB_AUTH_URL ?? 'http://127.0.0.1:5000/v3')
  : `http://127.0.0.1:${cloudPort}/identity/v3`;
/**
 * A second product server on the same demo cloud, configured the other way for settings that
 * are read at start (FILTER_DATA_FIRST on /admin/images, direct image uploads, multi-domain
 * login, the classic launch form, an operator's policy override); the specs named
 * `*.variant.spec.ts` run against it.
 */
export const variantPort = Number(process.env.E2E_VARIANT_PORT ?? port + 1);
export const variantBaseURL = `http://127.0.0.1:${variantPort}/`;
/** The settings of the variant server, as SKYDECK_<NAME> variables (server/src/config). */
export const variantSettings: Record<string, string> = {
  SKYDECK_FILTER_DATA_FIRST: JSON.stringify({ 'admin.images': true }),
  SKYDECK_HORIZON_IMAGES_UPLOAD_MODE: 'direct',
  // The login page asks for a domain (its field starts at the default one).
  SKYDECK_MULTIDOMAIN: 'true',
  // The classic launch form beside the wizard (spec 1 §4).
  SKYDECK_LAUNCH_INSTANCE_LEGACY_ENABLED: 'true',
  // An operator's policy override: only admins resize (e2e/fixtures/policies/compute.yaml).
  SKYDECK_POLICY_OVERRIDES_DIR: fileURLToPath(new URL('./fixtures/policies', import.meta.url)),
};
/**
 * The throwaway demo cloud's data (absolute: the server runs from the repository root). Per
 * port, like the results, so runs on other ports (E2E_PORT) never wipe each other's files.
 */
export const cloudDataDir = fileURLToPath(
  new URL(`./.artifacts/cloud-${cloudPort}`, import.meta.url),
);
export const outputDir = `./.artifacts/results-${port}`;
