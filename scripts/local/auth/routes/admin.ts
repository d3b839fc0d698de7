// /admin/users: the service-role user management auth.admin.* calls.
import { transaction } from '../../db.ts';
import { requireAdmin } from '../guard.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { obj, readJSON, sendJSON, str } from '../http.ts';
import { verifyLink } from '../mail.ts';
import { referrer } from '../redirects.ts';
import { checkPassword } from './signup.ts';
import { otp, tokenHash } from '../tokens.ts';
import { applyEmailChange } from './user.ts';
import {
  findUserByEmail,
  findUserById,
  hashPassword,
  insertEmailUser,
  loadUserJSON,
  mergeMeta,
  updateUser,
  userJSON,
  type IdentityRow,
  type UserRow,
} from '../users.ts';
import { validateEmail, type AuthContext, type Handler } from '../context.ts';

const EMAIL_EXISTS = 'A user with this email address has already been registered';

/** ban_duration: "none" lifts a ban, otherwise a Go duration such as "24h" or "30m". */
function bannedUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== duration) {
    throw badRequest('validation_failed', 'invalid format for ban duration');
  }
  return new Date(Date.now() + parts.reduce((ms, p) => ms + Number(p[1]) * units[p[2]], 0));
}

/** The user named by the last path segment of /admin/users/:id. */
async function userOr404(ctx: AuthContext, url: URL): Promise<UserRow> {
  const id = decodeURIComponent(url.pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  const user = await findUserById(ctx.pool, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

export const createUser: Handler = async (ctx, req, res) => {
  await requireAdmin(ctx.config, req);
  const body = await readJSON(req);
  if (str(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(str(body, 'email'));
  const password = str(body, 'password');
  if (password) checkPassword(ctx, password);
  if (await findUserByEmail(ctx.pool, email)) throw unprocessable('email_exists', EMAIL_EXISTS);
  const confirmed = body.email_confirm === true;
  const passwordHash = password ? await hashPassword(password) : null;
  const user = await transaction(ctx.pool, async (db) => {
    let user = await insertEmailUser(db, {
      email,
      passwordHash,
      data: obj(body, 'user_metadata') ?? {},
      appMeta: obj(body, 'app_metadata'),
      confirmed,
    });
    if (typeof body.ban_duration === 'string') {
      user = await updateUser(db, user.id, { banned_until: bannedUntil(body.ban_duration) });
    }
    if (typeof body.role === 'string') user = await updateUser(db, user.id, { role: body.role });
    return user;
  });
  sendJSON(res, 200, await loadUserJSON(ctx.pool, user));
};

export const getUserById: Handler = async (ctx, req, res, url) => {
  await requireAdmin(ctx.config, req);
  const user = await userOr404(ctx, url);
  sendJSON(res, 200, await loadUserJSON(ctx.pool, user));
};

export const updateUserById: Handler = async (ctx, req, res, url) => {
  await requireAdmin(ctx.config, req);
  let user = await userOr404(ctx, url);
  const body = await readJSON(req);
  const password = str(body, 'password');
  if (password) checkPassword(ctx, password);
  const email = str(body, 'email') ? validateEmail(str(body, 'email')) : undefined;
  if (email && email !== user.email) {
    const taken = await findUserByEmail(ctx.pool, email);
    if (taken && taken.id !== user.id) throw unprocessable('email_exists', EMAIL_EXISTS);
  }
  const passwordHash = password ? await hashPassword(password) : undefined;
  user = await transaction(ctx.pool, async (db) => {
    if (email && email !== user.email) user = await applyEmailChange(db, user, email);
    if (passwordHash) user = await updateUser(db, user.id, { encrypted_password: passwordHash });
    if (body.email_confirm === true && !user.email_confirmed_at) {
      user = await updateUser(db, user.id, { email_confirmed_at: new Date() });
    }
    const userMeta = obj(body, 'user_metadata');
    if (userMeta) user = await updateUser(db, user.id, { raw_user_meta_data: mergeMeta(user.raw_user_meta_data, userMeta) });
    const appMeta = obj(body, 'app_metadata');
    if (appMeta) user = await updateUser(db, user.id, { raw_app_meta_data: mergeMeta(user.raw_app_meta_data, appMeta) });
    if (typeof body.ban_duration === 'string') {
      user = await updateUser(db, user.id, { banned_until: bannedUntil(body.ban_duration) });
    }
    if (typeof body.role === 'string') user = await updateUser(db, user.id, { role: body.role });
    return user;
  });
  sendJSON(res, 200, await loadUserJSON(ctx.pool, user));
};

export const deleteUserById: Handler = async (ctx, req, res, url) => {
  await requireAdmin(ctx.config, req);
  const user = await userOr404(ctx, url);
  await ctx.pool.query('delete from auth.users where id = $1', [user.id]);
  sendJSON(res, 200, {});
};

/**
 * POST /admin/generate_link: the link (and code) a mail would carry, without sending it, for
 * signup, invite, magiclink and recovery.
 */
export const generateLink: Handler = async (ctx, req, res, url) => {
  await requireAdmin(ctx.config, req);
  const body = await readJSON(req);
  const type = str(body, 'type');
  if (!['signup', 'invite', 'magiclink', 'recovery'].includes(type)) {
    throw badRequest('validation_failed', 'Invalid email action link type requested');
  }
  const email = validateEmail(str(body, 'email'));
  const password = str(body, 'password');
  if (type === 'signup') {
    if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
    checkPassword(ctx, password);
  }
  const passwordHash = password ? await hashPassword(password) : null;
  const redirectTo = referrer(ctx.config, req, url, str(body, 'redirect_to'));
  const code = otp();
  const hash = tokenHash(email, code);
  const user = await transaction(ctx.pool, async (db) => {
    let user = await findUserByEmail(db, email);
    if (type === 'magiclink' || type === 'recovery') {
      if (!user) throw notFound('user_not_found', 'User with this email not found');
      return updateUser(db, user.id, { recovery_token: hash, recovery_sent_at: new Date() });
    }
    if (user?.email_confirmed_at) throw unprocessable('email_exists', EMAIL_EXISTS);
    user ??= await insertEmailUser(db, { email, passwordHash, data: obj(body, 'data') ?? {}, confirmed: false });
    return updateUser(db, user.id, {
      confirmation_token: hash,
      confirmation_sent_at: new Date(),
      ...(type === 'invite' ? { invited_at: new Date() } : {}),
    });
  });
  sendJSON(res, 200, {
    ...(await loadUserJSON(ctx.pool, user)),
    action_link: verifyLink(ctx.config, hash, type, redirectTo),
    email_otp: code,
    hashed_token: hash,
    verification_type: type,
    redirect_to: redirectTo,
  });
};

/** GET /admin/users?page&per_page: newest first, with GoTrue's Link and X-Total-Count headers. */
export const listUsers: Handler = async (ctx, req, res, url) => {
  await requireAdmin(ctx.config, req);
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const perPage = Math.min(1000, Math.max(1, Number(url.searchParams.get('per_page')) || 50));
  const total = Number((await ctx.pool.query('select count(*) from auth.users')).rows[0].count);
  const { rows } = await ctx.pool.query<UserRow>(
    'select * from auth.users order by created_at desc, id limit $1 offset $2',
    [perPage, (page - 1) * perPage],
  );
  const identities = (
    await ctx.pool.query<IdentityRow>('select * from auth.identities where user_id = any($1) order by created_at, id', [
      rows.map((u) => u.id),
    ])
  ).rows;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number) => `<${ctx.config.apiUrl}/auth/v1/admin/users?page=${p}&per_page=${perPage}>`;
  const links = [...(page < lastPage ? [`${link(page + 1)}; rel="next"`] : []), `${link(lastPage)}; rel="last"`];
  sendJSON(
    res,
    200,
    { users: rows.map((u) => userJSON(u, identities.filter((i) => i.user_id === u.id))), aud: 'authenticated' },
    { link: links.join(', '), 'x-total-count': String(total) },
  );
};
