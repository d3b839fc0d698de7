// Listing objects: Storage's `list` (storage.search(): one level, folders first) and `list-v2`
// (a flat or delimited listing paged by an opaque cursor), both run as the caller under RLS.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { callerOf, stringField, type Ctx } from './context.ts';
import { asCaller } from './db.ts';
import { ERRORS } from './errors.ts';
import { readJson, sendJson } from './http.ts';

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** POST /object/list/:bucket — Storage's storage.search(): the folders, then the files, of one level. */
export async function list(ctx: Ctx, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const caller = await callerOf(ctx, req);
  const body = await readJson(req);
  let prefix = stringField(body, 'prefix');
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix += '/';
  const limit = Number.isInteger(body.limit) && (body.limit as number) > 0 ? (body.limit as number) : 100;
  const offset = Number.isInteger(body.offset) && (body.offset as number) >= 0 ? (body.offset as number) : 0;
  const search = typeof body.search === 'string' ? body.search : '';
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' && SORT_COLUMNS.has(sortBy.column) ? sortBy.column : 'name';
  const order = typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const levels = prefix.split('/').length;
  const rows = await asCaller(ctx.pool, caller, async (client) => {
    const { rows } = await client.query(
      `with matching as (
         select * from storage.objects where bucket_id = $4 and name ilike $2 || $3 || '%'
       ), folders as (
         select path_tokens[$1] as folder from matching
         where array_length(path_tokens, 1) <> $1 group by folder order by folder ${order}
       )
       (select folder as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
               null::timestamptz as last_accessed_at, null::jsonb as metadata from folders)
       union all
       (select path_tokens[$1] as name, id, updated_at, created_at, last_accessed_at, metadata from matching
        where array_length(path_tokens, 1) = $1 order by ${column} ${order})
       limit $5 offset $6`,
      [levels, escapeLike(prefix), escapeLike(search), bucketId, limit, offset],
    );
    return rows;
  });
  sendJson(res, 200, rows);
}


/** Storage's list-v2 page size cap. */
const MAX_KEYS = 1000;
const V2_SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at']);

interface Cursor {
  startAfter: string;
  order: 'asc' | 'desc';
  column: string;
  /** The sort column's value of the last row, for created_at/updated_at orders. */
  after?: string;
}

/** Storage's continuation token: base64 of `l:<last name>`, `o:<order>`, `c:<column>`, `a:<value>` lines. */
const CURSOR_PARTS = { l: 'startAfter', o: 'order', c: 'column', a: 'after' } as const;

function encodeCursor(c: Cursor): string {
  const lines = Object.entries(CURSOR_PARTS)
    .filter(([, key]) => c[key])
    .map(([k, key]) => `${k}:${c[key]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(token: string): Partial<Cursor> {
  const out: Record<string, string> = {};
  for (const line of Buffer.from(token, 'base64').toString().split('\n')) {
    const m = /^(\S):(.*)$/.exec(line);
    if (!m || !(m[1] in CURSOR_PARTS)) throw ERRORS.invalidParameter('continuation token');
    out[CURSOR_PARTS[m[1] as keyof typeof CURSOR_PARTS]] = m[2];
  }
  return out as Partial<Cursor>;
}

interface V2Row {
  key?: string;
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: unknown;
}

/**
 * POST /object/list-v2/:bucket {prefix, limit, cursor, with_delimiter, sortBy} — Storage's
 * listObjectsV2: with the delimiter, the objects of one level and the folders below it (`name`
 * ending in `/`, `key` the last segment); without, every object under the prefix.
 */
export async function listV2(ctx: Ctx, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const caller = await callerOf(ctx, req);
  const body = await readJson(req);
  const prefix = typeof body.prefix === 'string' ? body.prefix : '';
  const limit = Math.min(Number.isInteger(body.limit) && (body.limit as number) > 0 ? (body.limit as number) : MAX_KEYS, MAX_KEYS);
  const delimited = body.with_delimiter === true;
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const cursor = typeof body.cursor === 'string' && body.cursor ? decodeCursor(body.cursor) : {};
  const column = String(cursor.column ?? sortBy.column ?? 'name');
  if (!V2_SORT_COLUMNS.has(column)) throw ERRORS.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  const order = String(cursor.order ?? sortBy.order ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc';
  const byName = column === 'name';
  const params: unknown[] = [];
  const arg = (v: unknown) => `$${params.push(v)}`;
  const bucket = arg(bucketId);
  const like = `${arg(`${escapeLike(prefix)}%`)} escape '\\'`;
  // The rows of one level: an object, or the folder (`<prefix><segment>/`) holding deeper objects.
  const p = delimited ? `${arg(prefix)}::text` : '';
  const levelName = `${p} || split_part(substr(name, char_length(${p}) + 1), '/', 1)`;
  const nested = `strpos(substr(name, char_length(${p}) + 1), '/') > 0`;
  const source = delimited
    ? `select ${levelName} || '/' as name, null::uuid as id, max(updated_at) as updated_at, min(created_at) as created_at,
              null::timestamptz as last_accessed_at, null::jsonb as metadata
         from storage.objects where bucket_id = ${bucket} and name like ${like} and ${nested} group by ${levelName}
       union all
       select name, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects where bucket_id = ${bucket} and name like ${like} and not ${nested}`
    : `select name, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects where bucket_id = ${bucket} and name like ${like}`;
  // Rows compare by (column, name) so equal timestamps still page in a stable order.
  const key = byName ? 'name collate "C"' : `row(date_trunc('milliseconds', ${column}), name collate "C")`;
  const after = cursor.startAfter
    ? `where ${key} ${order === 'asc' ? '>' : '<'} ${
        byName ? arg(cursor.startAfter) : `row(coalesce(nullif(${arg(cursor.after ?? '')}, '')::timestamptz, 'epoch'), ${arg(cursor.startAfter)})`
      }`
    : '';
  const orderBy = byName ? `name collate "C" ${order}` : `date_trunc('milliseconds', ${column}) ${order}, name collate "C" ${order}`;
  const rows = await asCaller(ctx.pool, caller, async (client) =>
    (await client.query<V2Row>(`select * from (${source}) listed ${after} order by ${orderBy} limit ${arg(limit + 1)}`, params)).rows,
  );
  const page = rows.slice(0, limit);
  // Folder rows carry their key (the segment below the prefix) in Storage's delimited listing.
  const levels = prefix.split('/').length;
  const shaped = page.map((r) => (delimited ? { key: r.name.replace(/\/$/, '').split('/')[levels - 1], ...r } : r));
  const last = page.at(-1);
  const hasNext = rows.length > limit;
  sendJson(res, 200, {
    hasNext,
    ...(hasNext && last
      ? {
          nextCursor: encodeCursor({
            startAfter: last.name,
            order,
            column: column === 'name' ? '' : column,
            after: byName ? undefined : (last[column as 'created_at' | 'updated_at'] as Date | null)?.toISOString(),
          }),
          nextCursorKey: last.name,
        }
      : {}),
    folders: shaped.filter((r) => r.id === null),
    objects: shaped.filter((r) => r.id !== null),
  });
}
