// GET /authorize with a local identity page standing in for Google, Apple & co.: the page's form
// plays the provider's consent screen, its POST does what GoTrue's /callback does.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { transaction } from '../../db.ts';
import { badRequest, HttpError, OAuthError, unprocessable } from '../errors.ts';
import { createFlowState, issueAuthCode, pkceParams } from '../flow.ts';
import { escapeHtml, readForm, redirect, sendHTML } from '../http.ts';
import { errorRedirect, referrer, withFragment, withQuery } from '../redirects.ts';
import { createSession } from '../sessions.ts';
import { randomId, signState, verifyState } from '../tokens.ts';
import {
  findUserByEmail,
  insertIdentity,
  insertUser,
  mergeMeta,
  syncProviders,
  updateUser,
  type Db,
  type Meta,
  type UserRow,
} from '../users.ts';
import { EMAIL_PATTERN, type AuthContext, type Handler } from '../context.ts';

/** Providers GoTrue knows; only those enabled in config.toml may be used. */
export const PROVIDERS = new Set([
  'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google', 'kakao',
  'keycloak', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'twitch', 'twitter', 'workos', 'zoom',
]);

const ISSUERS: Record<string, string> = { google: 'https://accounts.google.com', apple: 'https://appleid.apple.com' };

/** The ID-token issuer a provider signs as (a made-up local one for the others). */
export const issuerOf = (provider: string) => ISSUERS[provider] ?? `https://${provider}.local-idp.test`;

/** The deterministic test identity each provider offers by default. */
export function testIdentity(provider: string): { email: string; name: string } {
  const label = provider.charAt(0).toUpperCase() + provider.slice(1);
  return { email: `${provider}.tester@example.com`, name: `${label} Tester` };
}

/** Stable provider subject for an email: Google uses 21 digits, others an opaque string. */
function subjectFor(provider: string, email: string): string {
  const hex = createHash('sha256').update(`${provider}:${email}`).digest('hex');
  return provider === 'google' ? BigInt(`0x${hex}`).toString().slice(0, 21) : `000${hex.slice(0, 6)}.${hex.slice(6, 38)}.0000`;
}

export const authorize: Handler = async (ctx, req, res, url) => {
  const { config, pool } = ctx;
  const provider = (url.searchParams.get('provider') ?? '').toLowerCase();
  if (!PROVIDERS.has(provider)) throw badRequest('validation_failed', `Unsupported provider: Provider ${provider} could not be found`);
  if (!config.auth.externalProviders.includes(provider)) {
    throw badRequest('validation_failed', 'Unsupported provider: Provider is not enabled');
  }
  const redirectTo = referrer(config, req, url);
  const pkce = pkceParams(url.searchParams.get('code_challenge') ?? '', url.searchParams.get('code_challenge_method') ?? '');
  const flow = pkce ? await createFlowState(pool, pkce, provider, 'oauth', null) : undefined;
  const state = await signState(config, { provider, referrer: redirectTo, flow_state_id: flow?.id ?? '' });
  const idp = new URLSearchParams({ provider, state });
  redirect(res, 302, `${config.apiUrl}/auth/v1/local-idp?${idp}`);
};


function page(res: ServerResponse, status: number, title: string, body: string) {
  sendHTML(
    res,
    status,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem}label{display:block;margin-top:1rem;font-weight:600}
input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem}
.note{color:#555}</style></head><body><main>${body}</main></body></html>`,
  );
}

async function readState(ctx: AuthContext, state: string) {
  const claims = state ? await verifyState(ctx.config, state) : undefined;
  if (!claims || typeof claims.provider !== 'string' || typeof claims.referrer !== 'string') {
    throw badRequest('bad_oauth_state', 'OAuth callback with invalid state');
  }
  return { provider: claims.provider, referrer: claims.referrer, flowStateId: String(claims.flow_state_id ?? '') };
}

export const identityPage: Handler = async (ctx, _req, res, url) => {
  const state = url.searchParams.get('state') ?? '';
  const { provider } = await readState(ctx, state);
  const label = provider.charAt(0).toUpperCase() + provider.slice(1);
  const who = testIdentity(provider);
  page(
    res,
    200,
    `Sign in with ${label} (local test identity)`,
    `<h1>Sign in with ${escapeHtml(label)}</h1>
<p class="note">Local development stand-in for ${escapeHtml(label)}: choose the identity to sign in as.</p>
<form method="post" action="local-idp">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(who.email)}">
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" required value="${escapeHtml(who.name)}">
<button type="submit">Continue as this ${escapeHtml(label)} user</button>
<button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
</form>`,
  );
};

/** createAccountFromExternalIdentity: sign in, link by email, or create the account. */
async function signInExternal(ctx: AuthContext, db: Db, provider: string, data: Meta): Promise<UserRow> {
  const sub = String(data.sub);
  const email = String(data.email);
  const known = (
    await db.query<{ id: string; user_id: string }>(
      'select id, user_id from auth.identities where provider = $1 and provider_id = $2',
      [provider, sub],
    )
  ).rows[0];
  let user: UserRow | undefined;
  if (known) {
    await db.query('update auth.identities set identity_data = $2, last_sign_in_at = now(), updated_at = now() where id = $1', [
      known.id,
      data,
    ]);
    user = (await db.query<UserRow>('select * from auth.users where id = $1', [known.user_id])).rows[0];
  } else {
    user = await findUserByEmail(db, email);
    if (user) {
      await insertIdentity(db, user.id, provider, sub, data);
      if (!user.email_confirmed_at) {
        // The unverified email+password door may belong to someone else: close it (pre-account takeover).
        await db.query(`delete from auth.identities where user_id = $1 and provider = 'email'`, [user.id]);
        user = await updateUser(db, user.id, { encrypted_password: '' });
      }
    } else {
      if (!ctx.config.auth.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
      // The provider's claims go in at insert, as GoTrue does: triggers on auth.users (the profile's
      // first and last name) see them.
      user = await insertUser(db, {
        email,
        passwordHash: null,
        userMeta: mergeMeta({}, data),
        appMeta: { provider, providers: [provider] },
        confirmed: false,
      });
      await insertIdentity(db, user.id, provider, sub, data);
    }
  }
  user = await updateUser(db, user.id, {
    raw_user_meta_data: mergeMeta(user.raw_user_meta_data, data),
    email_confirmed_at: user.email_confirmed_at ?? new Date(),
  });
  return syncProviders(db, user);
}

export const identitySubmit: Handler = async (ctx, req, res) => {
  const form = await readForm(req);
  const { provider, referrer: target, flowStateId } = await readState(ctx, form.get('state') ?? '');
  try {
    // Cancel plays the user denying consent: the provider answers error=access_denied.
    if (form.get('decision') === 'cancel') throw new OAuthError('access_denied', 'The user cancelled the sign-in');
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const name = (form.get('name') ?? '').trim();
    if (!EMAIL_PATTERN.test(email)) {
      throw badRequest('validation_failed', 'Error getting user email from external provider');
    }
    const sub = subjectFor(provider, email);
    const data: Meta = {
      iss: issuerOf(provider),
      sub,
      name,
      email,
      full_name: name,
      provider_id: sub,
      email_verified: true,
      phone_verified: false,
    };
    const location = await transaction(ctx.pool, async (db) => {
      const user = await signInExternal(ctx, db, provider, data);
      if (flowStateId) return withQuery(target, { code: await issueAuthCode(db, flowStateId, user.id) });
      const t = await createSession(db, ctx.config, user, 'oauth', req);
      return withFragment(target, {
        access_token: t.access_token,
        expires_at: String(t.expires_at),
        expires_in: String(t.expires_in),
        provider_token: `local-idp-${randomId()}`,
        refresh_token: t.refresh_token,
        token_type: t.token_type,
      });
    });
    redirect(res, 302, location);
  } catch (e) {
    if (!(e instanceof HttpError || e instanceof OAuthError)) throw e;
    redirect(res, 302, errorRedirect(target, e, true));
  }
};
