// auth.users / auth.identities as GoTrue reads and writes them, and the user JSON it returns.
import bcrypt from 'bcryptjs';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { factorJSON, factorsOf, type FactorRow } from './factors.ts';

/** A pool or a client inside a transaction. */
export type Db = Pick<pg.Pool, 'query'>;

export type Meta = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  /** With double_confirm_changes: 1 once one of the two addresses has confirmed. */
  email_change_confirm_status: number;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Meta | null;
  raw_user_meta_data: Meta | null;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Meta;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

const NIL_INSTANCE = '00000000-0000-0000-0000-000000000000';
/** GoTrue's bcrypt.DefaultCost. */
const BCRYPT_COST = 10;

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

export async function passwordMatches(user: UserRow, password: string): Promise<boolean> {
  if (!user.encrypted_password) return false;
  return bcrypt.compare(password, user.encrypted_password);
}

export const isBanned = (u: UserRow) => u.banned_until !== null && u.banned_until.getTime() > Date.now();

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await db.query<UserRow>('select * from auth.users where id = $1', [id]);
  return rows[0];
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where lower(email) = lower($1) and is_sso_user = false limit 1',
    [email],
  );
  return rows[0];
}

/** The user whose email change to `email` awaits confirmation. */
export async function findUserByPendingEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('select * from auth.users where lower(email_change) = lower($1) limit 1', [email]);
  return rows[0];
}

export type TokenColumn = 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current';

export async function findUserByToken(
  db: Db,
  column: TokenColumn,
  token: string,
): Promise<UserRow | undefined> {
  if (!token) return undefined;
  const { rows } = await db.query<UserRow>(`select * from auth.users where ${column} = $1 limit 1`, [token]);
  return rows[0];
}

export async function insertUser(
  db: Db,
  u: {
    id?: string;
    email: string | null;
    passwordHash: string | null;
    userMeta: Meta;
    appMeta: Meta;
    confirmed: boolean;
    anonymous?: boolean;
  },
): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
       email_change_token_new, email_change, is_super_admin, is_anonymous)
     values ($1, $2, 'authenticated', 'authenticated', $3, $4, $5, $6, $7, now(), now(), '', '', '', '', false, $8)
     returning *`,
    [
      NIL_INSTANCE,
      u.id ?? randomUUID(),
      u.email?.toLowerCase() ?? null,
      u.passwordHash ?? '',
      u.confirmed ? new Date() : null,
      u.appMeta,
      u.userMeta,
      u.anonymous ?? false,
    ],
  );
  return rows[0];
}

/**
 * A new email user and its email identity. A self-service sign-up (`signup`) copies the identity's
 * claims into user_metadata, as GoTrue's Signup does; an admin-made user (createUser, invite,
 * generate_link) keeps user_metadata exactly as given. A taken email fails with Postgres 23505.
 */
export async function insertEmailUser(
  db: Db,
  u: { email: string; passwordHash: string | null; data: Meta; confirmed: boolean; appMeta?: Meta; signup?: boolean },
): Promise<UserRow> {
  const id = randomUUID();
  const claims = { sub: id, email: u.email, email_verified: false, phone_verified: false };
  const identityData = u.signup ? { ...u.data, ...claims } : claims;
  const user = await insertUser(db, {
    id,
    email: u.email,
    passwordHash: u.passwordHash,
    userMeta: u.signup ? identityData : u.data,
    appMeta: { provider: 'email', providers: ['email'], ...u.appMeta },
    confirmed: false,
  });
  await insertIdentity(db, id, 'email', id, identityData);
  return u.confirmed ? confirmUser(db, user) : user;
}

/** Marks the email verified on the user and its email identity (GoTrue's User.Confirm). */
export async function confirmUser(db: Db, user: UserRow): Promise<UserRow> {
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now()
     where user_id = $1 and provider = 'email' and email = lower($2)`,
    [user.id, user.email ?? ''],
  );
  return updateUser(db, user.id, {
    email_confirmed_at: user.email_confirmed_at ?? new Date(),
    confirmation_token: '',
    raw_user_meta_data: mergeMeta(user.raw_user_meta_data, { email_verified: true }),
  });
}

const UPDATABLE = new Set([
  'email',
  'encrypted_password',
  'email_confirmed_at',
  'invited_at',
  'confirmation_token',
  'confirmation_sent_at',
  'recovery_token',
  'recovery_sent_at',
  'email_change_token_new',
  'email_change',
  'email_change_sent_at',
  'last_sign_in_at',
  'raw_app_meta_data',
  'raw_user_meta_data',
  'banned_until',
  'role',
  'is_anonymous',
  'email_change_token_current',
  'email_change_confirm_status',
  'reauthentication_token',
  'reauthentication_sent_at',
]);

export async function updateUser(db: Db, id: string, fields: Partial<Record<string, unknown>>): Promise<UserRow> {
  const keys = Object.keys(fields).filter((k) => UPDATABLE.has(k));
  const sets = keys.map((k, i) => `${k} = $${i + 2}`);
  const { rows } = await db.query<UserRow>(
    `update auth.users set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning *`,
    [id, ...keys.map((k) => fields[k])],
  );
  return rows[0];
}

/** GoTrue's UpdateUserMetaData: keys set to null are removed, others replaced. */
export function mergeMeta(current: Meta | null, updates: Meta): Meta {
  const merged: Meta = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  return merged;
}

export async function insertIdentity(
  db: Db,
  userId: string,
  provider: string,
  providerId: string,
  data: Meta,
): Promise<IdentityRow> {
  const email = typeof data.email === 'string' ? data.email.toLowerCase() : undefined;
  const { rows } = await db.query<IdentityRow>(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, now(), now(), now()) returning *`,
    [providerId, userId, email === undefined ? data : { ...data, email }, provider],
  );
  return rows[0];
}

export async function identitiesOf(db: Db, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at, id',
    [userId],
  );
  return rows;
}

/** app_metadata.provider/providers follow the identities, as UpdateAppMetaDataProviders does. */
export async function syncProviders(db: Db, user: UserRow): Promise<UserRow> {
  const providers = [...new Set((await identitiesOf(db, user.id)).map((i) => i.provider))];
  const patch: Meta = { providers };
  if (providers.length > 0) patch.provider = providers[0];
  return updateUser(db, user.id, { raw_app_meta_data: mergeMeta(user.raw_app_meta_data, patch) });
}

function identityJSON(i: IdentityRow) {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: i.last_sign_in_at ?? undefined,
    created_at: i.created_at,
    updated_at: i.updated_at,
    email: i.email ?? undefined,
  };
}

/** The user object of GoTrue's responses (omitempty fields left out when unset). */
export function userJSON(u: UserRow, identities: IdentityRow[], factors: FactorRow[] = []) {
  return {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    email_confirmed_at: u.email_confirmed_at ?? undefined,
    phone: u.phone ?? '',
    phone_confirmed_at: u.phone_confirmed_at ?? undefined,
    confirmation_sent_at: u.confirmation_sent_at ?? undefined,
    confirmed_at: u.confirmed_at ?? undefined,
    recovery_sent_at: u.recovery_sent_at ?? undefined,
    new_email: u.email_change || undefined,
    email_change_sent_at: u.email_change_sent_at ?? undefined,
    invited_at: u.invited_at ?? undefined,
    last_sign_in_at: u.last_sign_in_at ?? undefined,
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map(identityJSON),
    factors: factors.length ? factors.map(factorJSON) : undefined,
    created_at: u.created_at,
    updated_at: u.updated_at,
    banned_until: isBanned(u) ? u.banned_until! : undefined,
    is_anonymous: u.is_anonymous,
  };
}

export type UserJSON = ReturnType<typeof userJSON>;

export async function loadUserJSON(db: Db, user: UserRow): Promise<UserJSON> {
  return userJSON(user, await identitiesOf(db, user.id), await factorsOf(db, user.id));
}
