// What every storage route needs, plus the lookups they share.
import type { IncomingMessage } from 'node:http';
import pg from 'pg';
import { identify, type Caller } from './auth.ts';
import { BUCKET_COLUMNS, OBJECT_COLUMNS, type BucketRow, type ObjectRow } from './db.ts';
import { ERRORS } from './errors.ts';
import type { ObjectFiles } from './files.ts';

export interface Ctx {
  pool: pg.Pool;
  files: ObjectFiles;
  key: Uint8Array;
  /** The project-wide upload limit ([storage] file_size_limit); a bucket may only lower it. */
  globalFileSizeLimit: number;
  /** [storage.image_transformation] enabled: the /render/image routes exist. */
  imageTransformation: boolean;
}

/** The caller of a route that needs a valid JWT (`lenient` routes also serve public buckets). */
export function callerOf(ctx: Ctx, req: IncomingMessage, lenient = false): Promise<Caller> {
  return identify(req, ctx.key, lenient);
}

/** Bucket settings are read as the superuser, as Storage does (RLS on buckets is for the bucket API). */
export async function findBucket(ctx: Ctx, id: string): Promise<BucketRow | undefined> {
  const { rows } = await ctx.pool.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return rows[0];
}

export async function findObject(
  client: pg.Pool | pg.PoolClient,
  bucketId: string,
  name: string,
): Promise<ObjectRow | undefined> {
  const { rows } = await client.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  return rows[0];
}

/**
 * Object names are S3 keys, not paths, but this server refuses the ones that would read as a
 * path escape or carry control characters.
 */
export function objectName(raw: string): string {
  if (
    raw === '' ||
    raw.startsWith('/') ||
    raw.split('/').some((s) => s === '..' || s === '.') ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(raw)
  ) {
    throw ERRORS.invalidKey(raw);
  }
  return raw;
}

export function stringField(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  if (typeof v !== 'string') throw ERRORS.invalidRequest(`body must have required property '${name}'`);
  return v;
}
