import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { ConfirmDialogHost } from '../ui/ConfirmDialog/ConfirmDialogHost';
import { ToastHost } from '../ui/Toasts/ToastHost';

/** A fresh client per test (STYLE rule 8): no retries, so failures show at once. */
export function testQueryClient(): QueryClient {
  return createQueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

export interface RenderOptions {
  client?: QueryClient;
  /** Initial URL of a MemoryRouter; omit to render without a router. */
  route?: string;
  /** Route pattern the UI is mounted at (default "*"). */
  path?: string;
  /** Extra routes beside it, e.g. a login page to land on. */
  routes?: ReactNode;
}

/** Renders with the app's providers and hosts (toasts, confirm), the way the shell does. */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderResult & { client: QueryClient } {
  const client = options.client ?? testQueryClient();
  const body =
    options.route === undefined ? (
      ui
    ) : (
      <MemoryRouter initialEntries={[options.route]}>
        <Routes>
          <Route path={options.path ?? '*'} element={ui} />
          {options.routes}
        </Routes>
      </MemoryRouter>
    );
  const result = render(
    <QueryClientProvider client={client}>
      {body}
      <ToastHost />
      <ConfirmDialogHost />
    </QueryClientProvider>,
  );
  return { ...result, client };
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FetchHandler = (
  url: URL,
  init: RequestInit & { json?: unknown },
) => MockResponse | Promise<MockResponse> | undefined;

/**
 * Replaces fetch (the network edge) with a handler keyed on method + path; unhandled requests
 * answer 404 so a test fails loudly. Returns the spy to inspect calls.
 */
export function mockFetch(handler: FetchHandler): ReturnType<typeof vi.fn> {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const json = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = (await handler(url, { ...init, json })) ?? {
      status: 404,
      body: { message: `No mock for ${init.method ?? 'GET'} ${url.pathname}` },
    };
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}
