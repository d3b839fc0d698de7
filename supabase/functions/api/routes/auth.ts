// Sessions for the web app: Supabase Auth behind HttpOnly cookies, plus the OAuth entry points.
import { loginSchema, registerSchema } from '../../_shared/rules/schemas.ts';
import { userClient } from '../../_shared/http/clients.ts';
import { unwrap } from '../../_shared/db/errors.ts';
import { AppError, parseOrThrow, refused } from '../../_shared/rules/errors.ts';
import { json } from '../../_shared/http/errors.ts';
import type { FunctionEnv } from '../../_shared/http/env.ts';
import { signInWithPassword, signOut, signUp, type AuthSession, type AuthUser } from '../../_shared/http/gotrue.ts';
import { readJson } from '../../_shared/http/request.ts';
import type { Router } from '../../_shared/http/router.ts';
import { clearedCookies, sessionCookies } from '../../_shared/http/session.ts';
import { camelize, OWN_PROFILE_COLUMNS } from '../../_shared/db/shapes.ts';

/** The current user as the web app reads it: the profile plus what only Auth knows. */
async function currentUser(env: FunctionEnv, user: AuthUser, accessToken: string) {
  const profile = unwrap(await userClient(env, accessToken).from('profiles').select(OWN_PROFILE_COLUMNS).eq('id', user.id).maybeSingle(), 'User not found');
  return { ...camelize<Record<string, unknown>>(profile), isEmailVerified: Boolean(user.email_confirmed_at) };
}

function isSession(value: AuthSession | AuthUser): value is AuthSession {
  return 'access_token' in value && typeof value.access_token === 'string';
}

/** Where the browser came from, so OAuth returns to the web app's /dashboard (GoTrue checks the allow-list). */
function webOrigin(req: Request): string {
  const referer = req.headers.get('referer');
  if (referer) {
    try {
      return new URL(referer).origin;
    } catch {
      // fall through to the forwarded host
    }
  }
  const host = req.headers.get('x-forwarded-host');
  if (host) return `${req.headers.get('x-forwarded-proto') ?? 'https'}://${host}`;
  return new URL(req.url).origin;
}

export function authRoutes(router: Router) {
  router.get('/api/auth/user', async (ctx) => {
    const caller = await ctx.requireCaller();
    return json(await currentUser(ctx.env, caller.user, caller.accessToken));
  });

  router.post('/api/auth/login', async (ctx) => {
    const body = parseOrThrow(loginSchema, await readJson(ctx.req));
    const result = await signInWithPassword(ctx.env, body.email, body.password);
    if (!result.ok) {
      if (result.error.status === 429) throw refused('rate_limited', 'signInLimited');
      throw refused('invalid_credentials', 'invalidCredentials');
    }
    sessionCookies(ctx.req, result.value).forEach(ctx.setCookie);
    return json(await currentUser(ctx.env, result.value.user, result.value.access_token));
  });

  router.post('/api/auth/register', async (ctx) => {
    const body = parseOrThrow(registerSchema, await readJson(ctx.req));
    const result = await signUp(ctx.env, body.email, body.password, { firstName: body.firstName, lastName: body.lastName });
    if (!result.ok) {
      const { status, code, message } = result.error;
      if (status === 429) throw refused('rate_limited', 'signUpLimited');
      if (code === 'user_already_exists' || code === 'email_exists' || /already registered|already exists/i.test(message)) {
        throw refused('email_taken', 'emailTaken');
      }
      throw new AppError(status >= 400 && status < 500 ? 'invalid_request' : 'internal', message);
    }
    if (!isSession(result.value)) {
      // Email confirmation is on: no session until the link in the email is followed.
      return json({ id: result.value.id, email: result.value.email, isEmailVerified: false }, 201);
    }
    sessionCookies(ctx.req, result.value).forEach(ctx.setCookie);
    return json(await currentUser(ctx.env, result.value.user, result.value.access_token), 201);
  });

  router.post('/api/auth/logout', async (ctx) => {
    const caller = await ctx.caller();
    // Revokes the session's refresh tokens (whether it came as cookies or as a bearer token).
    if (caller) await signOut(ctx.env, caller.accessToken);
    clearedCookies(ctx.req).forEach(ctx.setCookie);
    return json({ message: 'Logged out' });
  });

  for (const provider of ['google', 'apple']) {
    router.get(`/api/auth/${provider}`, (ctx) => {
      const redirectTo = `${webOrigin(ctx.req)}/dashboard`;
      const target = `${ctx.env.supabaseUrl}/auth/v1/authorize?provider=${provider}&redirect_to=${encodeURIComponent(redirectTo)}`;
      return new Response(null, { status: 302, headers: { location: target } });
    });
  }

  router.get('/api/login', () => new Response(null, { status: 302, headers: { location: '/login' } }));
}
