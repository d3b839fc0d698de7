// auth.mfa_factors rows and the JSON GoTrue shows for them (in user objects and the admin API).
import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'webauthn' | 'phone';
  status: 'unverified' | 'verified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
  last_challenged_at: Date | null;
}

/** A factor as GoTrue's JSON shows it (the secret never leaves). */
export function factorJSON(f: FactorRow) {
  return {
    id: f.id,
    created_at: f.created_at,
    updated_at: f.updated_at,
    status: f.status,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    phone: f.phone ?? '',
    last_challenged_at: f.last_challenged_at,
  };
}

export async function factorsOf(db: Db, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at, id', [userId]);
  return rows;
}

export async function hasVerifiedFactor(db: Db, userId: string): Promise<boolean> {
  const { rowCount } = await db.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [
    userId,
  ]);
  return rowCount === 1;
}
