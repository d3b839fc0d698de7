// GoTrue's Postgres hooks ([auth.hook.*] of config.toml with a pg-functions:// uri), called as GoTrue
// calls them (internal/hooks/hookspgfunc): `select "schema"."function"($1)` with the JSON input, as
// supabase_auth_admin (the role GoTrue connects as), in a transaction of its own that commits whatever
// Auth does next, under a 2-second statement timeout. An `error` in the answer is an HTTP error.
import { randomUUID } from 'node:crypto';
import { transaction } from '../db.ts';
import type { AuthContext } from './context.ts';
import { forbidden, HttpError } from './errors.ts';
import { logout } from './sessions.ts';

type HookAnswer = { error?: { http_code?: number; message?: string } } & Record<string, unknown>;

async function callHook(ctx: AuthContext, fn: string, input: Record<string, unknown>): Promise<HookAnswer> {
  const answer = await transaction(ctx.pool, async (db) => {
    await db.query('set local role supabase_auth_admin');
    await db.query(`set local statement_timeout to '2000'`);
    const { rows } = await db.query<{ answer: HookAnswer | null }>(`select ${fn}($1::jsonb) as answer`, [JSON.stringify(input)]);
    return rows[0]?.answer ?? {};
  });
  if (answer.error) throw new HttpError(answer.error.http_code ?? 500, 'unexpected_failure', answer.error.message ?? 'Error running hook');
  return answer;
}

const metadata = (name: string) => ({ uuid: randomUUID(), time: new Date().toISOString(), name });

/**
 * The MFA verification attempt hook, asked after the code is checked and before an invalid one is
 * refused. On `reject` GoTrue ends every session of the account and answers 403.
 */
export async function mfaVerificationAttempt(ctx: AuthContext, attempt: { userId: string; factorId: string; factorType: string; valid: boolean }) {
  const fn = ctx.config.auth.hooks.mfaVerificationAttempt;
  if (!fn) return;
  const answer = await callHook(ctx, fn, {
    metadata: metadata('mfa-verification'),
    user_id: attempt.userId,
    factor_id: attempt.factorId,
    factor_type: attempt.factorType,
    valid: attempt.valid,
  });
  if (answer.decision === 'reject') {
    await logout(ctx.pool, attempt.userId, undefined, 'global');
    throw forbidden('mfa_verification_rejected', typeof answer.message === 'string' && answer.message ? answer.message : 'Further MFA verification attempts will be rejected.');
  }
}
