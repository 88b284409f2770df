import { createElement } from 'react';
import { act } from '@testing-library/react';
import { DEFAULT_LAUNCH_INSTANCE_DEFAULTS } from '@skydeck/contract/launchConstants';
import type { PolicyBatchBody, Settings } from '@skydeck/contract';
import { manifestEntry } from '../app/manifest';
import { ResourcePanel, loadResource } from '../ui/ResourcePanel/ResourcePanel';
import { renderWithProviders, type FetchHandler, type MockResponse } from './render';

/** Test support for registry panels: the answers every panel page needs besides its own. */

export const TEST_SETTINGS: Settings = {
  AJAX_POLL_INTERVAL: 2500,
  API_RESULT_PAGE_SIZE: 20,
  TOAST_DELAY: 3000,
  HORIZON_IMAGES_UPLOAD_MODE: 'legacy',
  HORIZON_ACTIVE_IMAGE_VERSION: 2,
  IMAGES_ALLOW_LOCATION: false,
  CREATE_IMAGE_DEFAULTS: { image_visibility: 'shared' },
  FILTER_DATA_FIRST: {},
  OPENSTACK_IMAGE_FORMATS: [],
  OPENSTACK_KEYSTONE_BACKEND: {
    name: 'native',
    can_edit_user: true,
    can_edit_group: true,
    can_edit_project: true,
    can_edit_domain: true,
    can_edit_role: true,
  },
  ENABLE_SCHEDULER_HINTS: false,
  LAUNCH_INSTANCE_DEFAULTS: DEFAULT_LAUNCH_INSTANCE_DEFAULTS,
  OPENSTACK_HYPERVISOR_FEATURES: { requires_keypair: false },
  LAUNCH_INSTANCE_LEGACY_ENABLED: false,
  LAUNCH_INSTANCE_NG_ENABLED: true,
};

export type Route = (
  url: URL,
  init: RequestInit & { json?: unknown },
) => MockResponse | Promise<MockResponse> | undefined;

export interface CloudOptions {
  /** "METHOD path" → answer, e.g. "GET /api/nova/keypairs/". */
  routes?: Record<string, Route>;
  /** Policy rules answered false; every other rule passes. */
  denied?: readonly string[];
  features?: Record<string, boolean>;
  settings?: Partial<Settings>;
}

/** A fetch handler for mockFetch: settings, policy, nova features, then the given routes. */
export function cloud(options: CloudOptions = {}): FetchHandler {
  const denied = new Set(options.denied ?? []);
  return (url, init) => {
    const method = init.method ?? 'GET';
    const path = url.pathname;
    if (method === 'GET' && path === '/api/settings/') {
      return { body: { ...TEST_SETTINGS, ...options.settings } };
    }
    if (method === 'POST' && path === '/api/policy/batch/') {
      const { checks } = init.json as PolicyBatchBody;
      return {
        body: { allowed: checks.map((c) => c.rules.every(([, rule]) => !denied.has(rule))) },
      };
    }
    const feature = /^\/api\/nova\/features\/(.+)$/.exec(path)?.[1];
    if (method === 'GET' && feature) {
      return { body: options.features?.[decodeURIComponent(feature)] ?? false };
    }
    return options.routes?.[`${method} ${path}`]?.(url, init);
  };
}

/** jsdom has no matchMedia: answer max-width queries for a window of this width. */
export function mediaWidth(width: number): (query: string) => MediaQueryList {
  return (query: string) => {
    const max = Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity);
    return {
      matches: width <= max,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}

/**
 * Renders a manifest entry's panel and waits for its declaration: under React's test (act)
 * environment a suspended render is only retried inside an awaited act().
 */
export async function renderPanel(
  type: string,
  route?: string,
): Promise<ReturnType<typeof renderWithProviders>> {
  const entry = manifestEntry(type);
  const panel = entry?.panels[0];
  if (!entry || !panel) throw new Error(`No panel for ${type}`);
  let view: ReturnType<typeof renderWithProviders> | undefined;
  // Rendering inside an awaited act: a suspended first render is only retried that way.
  await act(async () => {
    view = renderWithProviders(createElement(ResourcePanel, { entry, panel }), {
      route: route ?? panel.path,
    });
    await loadResource(entry);
  });
  if (!view) throw new Error('render failed');
  return view;
}
