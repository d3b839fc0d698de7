// PKCE flow states (auth.flow_state): created when a flow starts with a code_challenge, given a
// user when it completes, redeemed once with the code_verifier at POST /token?grant_type=pkce.
import { randomUUID } from 'node:crypto';
import { badRequest, forbidden, notFound } from './errors.ts';
import type { AuthMethod } from './sessions.ts';
import { pkceMatches } from './tokens.ts';
import type { Db } from './users.ts';

/** GoTrue's default FlowStateExpiryDuration. */
const FLOW_STATE_TTL_MS = 300_000;

export interface FlowState {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  provider_type: string;
  authentication_method: AuthMethod;
  created_at: Date;
  auth_code_issued_at: Date | null;
}

/** Undefined for the implicit flow (no challenge); GoTrue's validatePKCEParams otherwise. */
export function pkceParams(challenge: string, method: string): { challenge: string; method: 's256' | 'plain' } | undefined {
  if (!challenge && !method) return undefined;
  if (!challenge || !method) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') throw badRequest('validation_failed', `code challenge method not supported: ${method}`);
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method: m };
}

export async function createFlowState(
  db: Db,
  pkce: { challenge: string; method: 's256' | 'plain' },
  provider: string,
  method: AuthMethod,
  userId: string | null,
): Promise<FlowState> {
  const { rows } = await db.query<FlowState>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, now(), now()) returning *`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, provider, method],
  );
  return rows[0];
}

/** The flow completed for `userId`: its auth code may now be exchanged. */
export async function issueAuthCode(db: Db, flowId: string, userId: string): Promise<string> {
  const { rows } = await db.query<{ auth_code: string }>(
    `update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now() where id = $1
     returning auth_code`,
    [flowId, userId],
  );
  if (!rows[0]) throw notFound('flow_state_not_found', 'Flow state not found');
  return rows[0].auth_code;
}

/** The newest flow state a mail link (signup, recovery) started for this user. */
export async function latestFlowFor(db: Db, userId: string, method: AuthMethod): Promise<FlowState | undefined> {
  const { rows } = await db.query<FlowState>(
    `select * from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1`,
    [userId, method],
  );
  return rows[0];
}

/** Checks and consumes a flow state for grant_type=pkce; returns its user and method. */
export async function redeemAuthCode(db: Db, authCode: string, verifier: string): Promise<FlowState & { user_id: string }> {
  if (!authCode || !verifier) {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const { rows } = await db.query<FlowState>('select * from auth.flow_state where auth_code = $1 for update', [authCode]);
  const flow = rows[0];
  if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  const started = (flow.auth_code_issued_at ?? flow.created_at).getTime();
  if (Date.now() > started + FLOW_STATE_TTL_MS) {
    throw badRequest('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!pkceMatches(flow.code_challenge_method, flow.code_challenge, verifier)) {
    throw forbidden('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await db.query('delete from auth.flow_state where id = $1', [flow.id]);
  return flow as FlowState & { user_id: string };
}
