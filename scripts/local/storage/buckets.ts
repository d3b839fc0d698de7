// The /bucket routes, run as the caller: RLS on storage.buckets decides, as hosted (in practice
// only the service role, which bypasses RLS, manages buckets).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseSize } from '../config.ts';
import { callerOf, findBucket, stringField, type Ctx } from './context.ts';
import { asCaller } from './db.ts';
import { ERRORS } from './errors.ts';
import { readJson, sendJson } from './http.ts';

const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]{1,100}$/;

/** The bucket fields Storage answers with (GET /bucket/:id); the list adds the bucket's type. */
const BUCKET_FIELDS =
  'id, name, owner, public, created_at, updated_at, file_size_limit::float8 as file_size_limit, allowed_mime_types';
const LIST_SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

/** GET /bucket?limit&offset&sortColumn&sortOrder&search */
export async function listBuckets(ctx: Ctx, req: IncomingMessage, res: ServerResponse) {
  const caller = await callerOf(ctx, req);
  const q = new URL(req.url ?? '/', 'http://storage.local').searchParams;
  const column = q.get('sortColumn') ?? 'name';
  if (!LIST_SORT_COLUMNS.has(column)) throw ERRORS.invalidRequest('querystring/sortColumn must be equal to one of the allowed values');
  const order = q.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const count = (name: string) => {
    const v = q.get(name);
    if (v === null) return null;
    if (!/^\d+$/.test(v)) throw ERRORS.invalidRequest(`querystring/${name} must be integer`);
    return Number(v);
  };
  const rows = await asCaller(ctx.pool, caller, async (c) =>
    (await c.query(
      `select ${BUCKET_FIELDS}, type from storage.buckets
       where $1::text is null or name ilike '%' || $1 || '%'
       order by ${column} ${order} limit $2 offset $3`,
      [q.get('search') || null, count('limit'), count('offset') ?? 0],
    )).rows,
  );
  sendJson(res, 200, rows);
}

export async function getBucket(ctx: Ctx, req: IncomingMessage, res: ServerResponse, id: string) {
  const caller = await callerOf(ctx, req);
  const row = await asCaller(ctx.pool, caller, async (c) =>
    (await c.query(`select ${BUCKET_FIELDS} from storage.buckets where id = $1`, [id])).rows[0],
  );
  if (!row) throw ERRORS.noSuchBucket();
  sendJson(res, 200, row);
}

/** The bucket options storage-js sends, validated; only the ones present are returned. */
function bucketOptions(body: Record<string, unknown>) {
  const out: { public?: boolean; file_size_limit?: number | null; allowed_mime_types?: string[] | null } = {};
  if (body.public !== undefined) out.public = Boolean(body.public);
  const limit = body.file_size_limit;
  if (limit !== undefined) {
    try {
      out.file_size_limit = limit === null ? null : parseSize(limit as string | number);
    } catch {
      throw ERRORS.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
    }
  }
  const types = body.allowed_mime_types;
  if (types !== undefined) {
    if (types !== null && (!Array.isArray(types) || !types.every((t) => typeof t === 'string'))) {
      throw ERRORS.invalidRequest('allowed_mime_types must be an array of strings');
    }
    out.allowed_mime_types = types === null || types.length === 0 ? null : (types as string[]);
  }
  return out;
}

export async function createBucket(ctx: Ctx, req: IncomingMessage, res: ServerResponse) {
  const caller = await callerOf(ctx, req);
  const body = await readJson(req);
  const name = stringField(body, 'name');
  const id = typeof body.id === 'string' ? body.id : name;
  if (!BUCKET_NAME.test(id) || !BUCKET_NAME.test(name)) throw ERRORS.invalidBucketName();
  const o = bucketOptions(body);
  const sub = caller.sub ?? null;
  await asCaller(ctx.pool, caller, (c) =>
    c.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, case when $3 ~* '^[0-9a-f-]{36}$' then $3::uuid end, $3, $4, $5, $6)`,
      [id, name, sub, o.public ?? false, o.file_size_limit ?? null, o.allowed_mime_types ?? null],
    ),
  );
  sendJson(res, 200, { name: id });
}

export async function updateBucket(ctx: Ctx, req: IncomingMessage, res: ServerResponse, id: string) {
  const caller = await callerOf(ctx, req);
  const o = bucketOptions(await readJson(req));
  const updated = await asCaller(ctx.pool, caller, async (c) =>
    (await c.query(
      `update storage.buckets set
         public = case when $2 then $3 else public end,
         file_size_limit = case when $4 then $5 else file_size_limit end,
         allowed_mime_types = case when $6 then $7 else allowed_mime_types end,
         updated_at = now()
       where id = $1`,
      [id, 'public' in o, o.public ?? null, 'file_size_limit' in o, o.file_size_limit ?? null,
        'allowed_mime_types' in o, o.allowed_mime_types ?? null],
    )).rowCount,
  );
  if (!updated) throw ERRORS.noSuchBucket();
  sendJson(res, 200, { message: 'Successfully updated' });
}

export async function deleteBucket(ctx: Ctx, req: IncomingMessage, res: ServerResponse, id: string) {
  const caller = await callerOf(ctx, req);
  if (!(await findBucket(ctx, id))) throw ERRORS.noSuchBucket();
  const { rows } = await ctx.pool.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
  if (rows.length) throw ERRORS.bucketNotEmpty();
  const deleted = await asCaller(ctx.pool, caller, async (c) =>
    (await c.query('delete from storage.buckets where id = $1', [id])).rowCount,
  );
  if (!deleted) throw ERRORS.noSuchBucket();
  sendJson(res, 200, { message: 'Successfully deleted' });
}

export async function emptyBucket(ctx: Ctx, req: IncomingMessage, res: ServerResponse, id: string) {
  const caller = await callerOf(ctx, req);
  if (!(await findBucket(ctx, id))) throw ERRORS.noSuchBucket();
  const rows = await asCaller(ctx.pool, caller, async (c) =>
    (await c.query<{ version: string | null }>('delete from storage.objects where bucket_id = $1 returning version', [id]))
      .rows,
  );
  await ctx.files.remove(rows.map((r) => r.version));
  // Hosted Storage empties in the background and says so; here it is done already, in the same words.
  sendJson(res, 200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}
