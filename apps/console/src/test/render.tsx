import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { preloadPages, routes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';
import { reloadSession, SESSION_KEY, type Session } from '../lib/session';

// the pages are lazy chunks (app/routes.tsx): load them before the first render, as a warm browser cache would
await preloadPages();

export const testSession = (over: Partial<Session> = {}): Session => ({
  username: 'anna.admin',
  role: 1,
  operators: [],
  white_labels: [1, 2],
  types: [-1],
  preferedLanguage: 'en',
  token: 'test-token',
  expDate: new Date(Date.now() + 3_600_000).toISOString(),
  ...over,
});

/** Renders the whole app at `path` in a memory router, signed in as `session` when given. */
export function renderApp(path: string, options: { session?: Partial<Session> } = {}) {
  if (options.session) {
    localStorage.setItem(SESSION_KEY, JSON.stringify(testSession(options.session)));
    reloadSession();
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const utils = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, user, queryClient };
}

export type FetchCall = { method: string; url: URL; body: unknown; headers: Headers };
export type Reply = { status?: number; body: unknown };
type Handler = Reply | ((call: FetchCall) => Reply | Promise<Reply>);

/**
 * Replaces `fetch` with a table of answers keyed by "METHOD /api/path" (the only thing these specs mock).
 * Unknown calls answer 404 in the api's error shape.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, body, headers: new Headers(init?.headers) };
    calls.push(call);
    const h = handlers[`${method} ${url.pathname}`];
    const reply: Reply = !h
      ? { status: 404, body: { error: 'Not found.', code: 'NOT_FOUND' } }
      : typeof h === 'function'
        ? await h(call)
        : h;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return {
    fn,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}

export const ok = <T,>(model: T): Reply => ({ body: { model } });
