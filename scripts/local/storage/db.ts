// Transactions that run as the caller, the way Storage (and PostgREST) do it, so the RLS policies
// on storage.objects written for hosted Supabase decide here too.
import pg from 'pg';
import { transaction } from '../db.ts';
import type { Caller } from './auth.ts';

/** Switches the rest of the transaction to the caller's role and JWT claims (auth.uid(), auth.jwt()). */
export async function actAs(client: pg.PoolClient, caller: Caller): Promise<void> {
  await client.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
    [caller.role, JSON.stringify(caller.claims), caller.sub ?? ''],
  );
}

/** One transaction as the caller. */
export function asCaller<T>(pool: pg.Pool, caller: Caller, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return transaction(pool, async (client) => {
    await actAs(client, caller);
    return fn(client);
  });
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export const BUCKET_COLUMNS =
  'id, name, owner, owner_id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at';

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/** What Storage records in storage.objects.metadata for an uploaded file. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}
