// Helpers of web component tests: rendering with the app's providers, and test rows and sessions.
import { useLayoutEffect, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { http, HttpResponse, type HttpHandler, type HttpResponseResolver, type JsonBodyType } from 'msw';
import { Providers } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import { AreaMessages } from '../i18n/AreaMessages.tsx';
import type { Area } from '../i18n/catalogue.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import { supabaseUrl } from '../lib/supabase.ts';
import type { Profile } from '../lib/types.ts';
import { server } from './server.ts';

export const api = (path: string) => `${supabaseUrl}${path}`;

export const USER_ID = '00000000-0000-4000-8000-000000000001';

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: USER_ID,
    email: 'host@example.com',
    handle: 'host',
    first_name: 'Ada',
    last_name: 'Host',
    profile_image_url: null,
    timezone: 'UTC',
    locale: 'en',
    bio: null,
    title: null,
    company: null,
    location: null,
    website: null,
    linkedin: null,
    twitter: null,
    instagram: null,
    is_public_profile: false,
    is_calendar_public: false,
    awaits_time_zone: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** The Auth user of the signed-in test session (GET /auth/v1/user answers it). */
export function authUser(overrides: Record<string, unknown> = {}) {
  return {
    id: USER_ID,
    email: 'host@example.com',
    aud: 'authenticated',
    role: 'authenticated',
    app_metadata: {},
    user_metadata: {},
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** An access token as Auth signs it (the signature is not checked in the browser). */
export function accessToken(claims: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const payload = btoa(JSON.stringify({ sub: USER_ID, role: 'authenticated', exp, ...claims }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.c2lnbmF0dXJl`;
}

/** Stores a session the way supabase-js does, so the app starts signed in. */
export function signIn(user = authUser(), claims: Record<string, unknown> = {}): void {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const session = {
    access_token: accessToken(claims),
    refresh_token: 'refresh',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    user,
  };
  const ref = new URL(supabaseUrl).hostname.split('.')[0];
  localStorage.setItem(`sb-${ref}-auth-token`, JSON.stringify(session));
}

/** GET /rest/v1/<table> answered with `rows`. */
export function restGet(table: string, rows: JsonBodyType) {
  return http.get(api(`/rest/v1/${table}`), () => HttpResponse.json(rows));
}

/** POST /rest/v1/rpc/<name> answered with `result`, or by a resolver. */
export function rpc(name: string, result: JsonBodyType | HttpResponseResolver) {
  return http.post(api(`/rest/v1/rpc/${name}`), typeof result === 'function' ? (result as HttpResponseResolver) : () => HttpResponse.json(result));
}

/** A time button of the booking flow by the time it shows: its name says the day before and "available" after (SlotGrid). */
export const timeButton = (time: string) => new RegExp(`, ${time}, available$`);

/** The signed-in user's profile, as the current-user query reads it. */
export function signedInAs(overrides: Partial<Profile> = {}) {
  signIn();
  server.use(restGet('profiles', [profile(overrides)]), http.get(api('/auth/v1/user'), () => HttpResponse.json(authUser())));
}

/** The app at `path`; `pathname()` says where it is now, `search()` with which parameters (read in the commit that shows the page: a screen query that finds the new page finds its location too). */
export function renderRoute(path: string) {
  let pathname = path;
  let search = new URLSearchParams(path.split('?')[1] ?? '');
  function Whereabouts() {
    const location = useLocation();
    useLayoutEffect(() => {
      pathname = location.pathname;
      search = new URLSearchParams(location.search);
    }, [location]);
    return null;
  }
  const utils = render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Whereabouts />
      </MemoryRouter>
    </Providers>,
  );
  return { ...utils, pathname: () => pathname, search: () => search };
}

/** `ui` at `path`, with the messages of its catalogue `area` (a signed-in screen's part: 'app'). */
export function renderUi(ui: ReactElement, path = '/', area: Area = 'public') {
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AreaMessages area={area} fallback={null}>
          {ui}
        </AreaMessages>
      </MemoryRouter>
    </Providers>,
  );
}

/**
 * A handler for `method path` that keeps the JSON body of the last request it answered (read `.body`
 * after the screen sent it) and answers with `reply(body)`.
 */
export function recordBody(method: 'post' | 'patch', path: string, reply: (sent: Record<string, unknown>) => Response) {
  const record: { body: Record<string, unknown>; handler: HttpHandler } = {
    body: {},
    handler: http[method](api(path), async ({ request }): Promise<Response> => {
      record.body = (await request.json()) as Record<string, unknown>;
      return reply(record.body);
    }),
  };
  return record;
}
