// The /object routes of Supabase Storage: upload, download, info, list, remove, move, copy, signed URLs.
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SignJWT } from 'jose';
import { verifyToken, type Caller } from './auth.ts';
import { callerOf, findBucket, findObject, objectName, stringField, type Ctx } from './context.ts';
import { actAs, asCaller, OBJECT_COLUMNS, type ObjectMetadata, type ObjectRow } from './db.ts';
import { transaction } from '../db.ts';
import { checkContent } from './content.ts';
import { ERRORS } from './errors.ts';
import { readJson, readUpload, sendJson, USER_FILE_HEADERS } from './http.ts';
import {
  parseTransformations, renderImage, signedTransformations, transformationSegments, transformOfBody, transformOptionsOf, type Transform,
} from './render.ts';

/** The dashboard's marker for an empty folder: always 0 bytes, any type. */
const isEmptyFolder = (name: string) => name.endsWith('.emptyFolderPlaceholder');

/** Storage's rule: `type/subtype` must match an allowed type exactly or `type/*`. */
function checkMimeType(mimetype: string, allowed: string[]): void {
  const [type, subtype] = mimetype.split(';')[0].trim().toLowerCase().split('/');
  if (type && subtype) {
    for (const a of allowed) {
      const [t, s] = a.toLowerCase().split('/');
      if (t === type && (s === '*' || s === subtype)) return;
    }
  }
  throw ERRORS.invalidMimeType(mimetype);
}

const INSERT = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7, $8)`;
const UPSERT = `${INSERT}
  on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
    metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
    updated_at = now(), last_accessed_at = now()`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ownerParams(caller: Caller): [string | null, string | null] {
  const sub = caller.sub ?? null;
  return [sub && UUID.test(sub) ? sub : null, sub];
}

/**
 * POST (upsert only with `x-upsert: true`) and PUT (always overwrites, as current Storage does).
 * The row is written as the caller first, so RLS is checked before anything else about the file,
 * as in Storage; the bytes reach disk only once that insert has succeeded, inside the same
 * transaction, and an old version's bytes are dropped only after the commit.
 */
export async function upload(ctx: Ctx, req: IncomingMessage, res: ServerResponse, bucketId: string, rawName: string, upsert: boolean) {
  await store(ctx, req, res, await callerOf(ctx, req), bucketId, objectName(rawName), upsert);
}

async function store(ctx: Ctx, req: IncomingMessage, res: ServerResponse, caller: Caller, bucketId: string, name: string, upsert: boolean) {
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket) throw ERRORS.noSuchBucket();
  const limit = isEmptyFolder(name)
    ? 0
    : Math.min(ctx.globalFileSizeLimit, bucket.file_size_limit ?? Number.POSITIVE_INFINITY);
  const file = await readUpload(req, limit);
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.length,
    mimetype: file.mimetype,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.length,
    httpStatusCode: 200,
  };
  const version = randomUUID();
  let written = false;
  try {
    const { id, previous } = await transaction(ctx.pool, async (client) => {
      // Locked as the superuser: the caller may not be allowed to see the row it replaces.
      const old = await client.query<{ id: string; version: string | null }>(
        'select id, version from storage.objects where bucket_id = $1 and name = $2 for update',
        [bucketId, name],
      );
      await actAs(client, caller);
      const newId = old.rows[0]?.id ?? randomUUID();
      await client.query(upsert ? UPSERT : INSERT, [
        newId, bucketId, name, ...ownerParams(caller), metadata, file.userMetadata, version,
      ]);
      if (file.tooLarge) throw ERRORS.entityTooLarge();
      if (!isEmptyFolder(name)) {
        if (bucket.allowed_mime_types?.length) checkMimeType(file.mimetype, bucket.allowed_mime_types);
        await checkContent(file.mimetype, file.bytes, bucket.allowed_mime_types);
      }
      await ctx.files.write(version, file.bytes);
      written = true;
      return { id: newId, previous: old.rows[0]?.version };
    });
    await ctx.files.remove([previous]);
    sendJson(res, 200, { Id: id, Key: `${bucketId}/${name}` });
  } catch (e) {
    if (written) await ctx.files.remove([version]);
    throw e;
  }
}

type Access = 'public' | 'authenticated' | 'lenient';
/** The object's bytes (headers only for HEAD), Storage's JSON description of it, or the image transformed. */
export type Render = 'asset' | 'info' | { image: Transform };

/** The transformation a `/render/image` request's query asks for. */
export function imageRender(req: IncomingMessage): Render {
  return { image: transformOptionsOf(new URL(req.url ?? '/', 'http://storage.local').searchParams) };
}

/**
 * Storage's read rules: the public route needs a public bucket and no token; the others need a
 * valid JWT unless the bucket is public (`lenient` routes treat a bad token as anonymous).
 * Objects of public buckets are read as the superuser, of private ones under RLS.
 */
export async function serve(ctx: Ctx, req: IncomingMessage, res: ServerResponse, bucketId: string, rawName: string, access: Access, render: Render) {
  const name = objectName(rawName);
  let obj: ObjectRow | undefined;
  if (access === 'public') {
    const bucket = await findBucket(ctx, bucketId);
    if (!bucket?.public) throw ERRORS.noSuchBucket();
    obj = await findObject(ctx.pool, bucketId, name);
  } else {
    const caller = await callerOf(ctx, req, access === 'lenient');
    const bucket = await findBucket(ctx, bucketId);
    if (!bucket || (!caller.authenticated && !bucket.public)) throw ERRORS.noSuchBucket();
    obj = bucket.public
      ? await findObject(ctx.pool, bucketId, name)
      : await asCaller(ctx.pool, caller, (c) => findObject(c, bucketId, name));
  }
  if (!obj) throw ERRORS.noSuchKey();
  await renderObject(ctx, req, res, obj, render);
}

/** text/html is served as text/plain so an uploaded page cannot run on the API's origin. */
function safeContentType(mimetype: string | undefined): string {
  if (!mimetype) return 'application/octet-stream';
  return mimetype.includes('text/html') ? 'text/plain' : mimetype;
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | undefined {
  const m = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start > end || start >= size ? 'invalid' : { start, end };
}

/** `?download` (optionally naming the file) makes the browser save instead of show. */
function downloadHeader(req: IncomingMessage): Record<string, string> {
  const download = new URL(req.url ?? '/', 'http://storage.local').searchParams.get('download');
  if (download === null) return {};
  const encoded = encodeURIComponent(download);
  return { 'content-disposition': download === '' ? 'attachment;' : `attachment; filename=${encoded}; filename*=UTF-8''${encoded};` };
}

async function renderObject(ctx: Ctx, req: IncomingMessage, res: ServerResponse, obj: ObjectRow, render: Render) {
  const meta = obj.metadata;
  if (render === 'info') {
    sendJson(res, 200, {
      id: obj.id,
      name: obj.name,
      version: obj.version,
      bucket_id: obj.bucket_id,
      size: meta?.size ?? null,
      content_type: meta?.mimetype ?? null,
      cache_control: meta?.cacheControl ?? null,
      etag: meta?.eTag ?? null,
      metadata: obj.user_metadata ?? {},
      last_modified: obj.updated_at,
      created_at: obj.created_at,
    });
    return;
  }
  const size = await ctx.files.size(obj.version);
  if (size === null) throw ERRORS.noSuchKey();
  const headers: Record<string, string | number> = {
    ...USER_FILE_HEADERS,
    'cache-control': meta?.cacheControl ?? 'no-cache',
    'last-modified': new Date(meta?.lastModified ?? obj.updated_at).toUTCString(),
    ...downloadHeader(req),
  };
  if (meta?.eTag) headers.etag = meta.eTag;
  if (typeof render === 'object') {
    const image = await renderImage(await ctx.files.read(obj.version!), render.image, req.headers.accept);
    const applied = transformationSegments(render.image);
    res.writeHead(200, {
      ...headers,
      'content-type': image.mimetype,
      'content-length': image.bytes.length,
      ...(applied.length ? { 'x-transformations': applied.join(',') } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : image.bytes);
    return;
  }
  headers['accept-ranges'] = 'bytes';
  headers['content-type'] = safeContentType(meta?.mimetype);
  if (meta?.eTag && req.headers['if-none-match'] === meta.eTag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const range = parseRange(req.headers.range, size);
  if (range === 'invalid') {
    res.writeHead(416, { 'content-range': `bytes */${size}` });
    res.end();
    return;
  }
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['content-length'] = range.end - range.start + 1;
  } else headers['content-length'] = size;
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  const stream = ctx.files.open(obj.version!, range);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

function publicRow(r: ObjectRow) {
  return {
    bucket_id: r.bucket_id, name: r.name, owner: r.owner, owner_id: r.owner_id, id: r.id, version: r.version,
    updated_at: r.updated_at, created_at: r.created_at, last_accessed_at: r.last_accessed_at,
    metadata: r.metadata, user_metadata: r.user_metadata,
  };
}

/** DELETE /object/:bucket {prefixes} — removes what the caller may delete, answers those rows. */
export async function removeMany(ctx: Ctx, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const caller = await callerOf(ctx, req);
  const { prefixes } = await readJson(req);
  if (!Array.isArray(prefixes) || prefixes.length === 0 || !prefixes.every((p) => typeof p === 'string')) {
    throw ERRORS.invalidRequest("body/prefixes must be a non-empty array of strings");
  }
  const rows = await asCaller(ctx.pool, caller, async (client) =>
    (await client.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucketId, prefixes],
    )).rows,
  );
  await ctx.files.remove(rows.map((r) => r.version));
  sendJson(res, 200, rows.map(publicRow));
}

/** DELETE /object/:bucket/*path */
export async function removeOne(ctx: Ctx, req: IncomingMessage, res: ServerResponse, bucketId: string, rawName: string) {
  const caller = await callerOf(ctx, req);
  const name = objectName(rawName);
  const rows = await asCaller(ctx.pool, caller, async (client) =>
    (await client.query<{ version: string | null }>(
      'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
      [bucketId, name],
    )).rows,
  );
  if (rows.length === 0) throw ERRORS.noSuchKey();
  await ctx.files.remove(rows.map((r) => r.version));
  sendJson(res, 200, { message: 'Successfully deleted' });
}

function moveArgs(body: Record<string, unknown>) {
  const bucketId = stringField(body, 'bucketId');
  const destinationBucket = typeof body.destinationBucket === 'string' ? body.destinationBucket : bucketId;
  return {
    bucketId,
    source: objectName(stringField(body, 'sourceKey')),
    destinationBucket,
    destination: objectName(stringField(body, 'destinationKey')),
  };
}

/** POST /object/move — renames the row; the bytes are keyed by version, so nothing moves on disk. */
export async function move(ctx: Ctx, req: IncomingMessage, res: ServerResponse) {
  const caller = await callerOf(ctx, req);
  const a = moveArgs(await readJson(req));
  if (!(await findBucket(ctx, a.destinationBucket))) throw ERRORS.noSuchBucket();
  const moved = await asCaller(ctx.pool, caller, async (client) =>
    (await client.query(
      `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
       where bucket_id = $1 and name = $2`,
      [a.bucketId, a.source, a.destinationBucket, a.destination],
    )).rowCount,
  );
  if (!moved) throw ERRORS.noSuchKey();
  sendJson(res, 200, { message: 'Successfully moved' });
}

/** POST /object/copy — a new row (owned by the caller) over a copy of the bytes. */
export async function copy(ctx: Ctx, req: IncomingMessage, res: ServerResponse) {
  const caller = await callerOf(ctx, req);
  const a = moveArgs(await readJson(req));
  if (!(await findBucket(ctx, a.destinationBucket))) throw ERRORS.noSuchBucket();
  const version = randomUUID();
  const id = randomUUID();
  let written = false;
  try {
    await asCaller(ctx.pool, caller, async (client) => {
      const source = await findObject(client, a.bucketId, a.source);
      if (!source?.version) throw ERRORS.noSuchKey();
      await client.query(INSERT, [
        id, a.destinationBucket, a.destination, ...ownerParams(caller),
        { ...source.metadata, lastModified: new Date().toISOString() }, source.user_metadata, version,
      ]);
      await ctx.files.copy(source.version, version);
      written = true;
    });
  } catch (e) {
    if (written) await ctx.files.remove([version]);
    throw e;
  }
  sendJson(res, 200, { Id: id, Key: `${a.destinationBucket}/${a.destination}` });
}

/**
 * A download link; with a transformation (when image transformation is on) the token carries it and
 * the link is a `/render/image/sign` one, as Storage signs them.
 */
async function signUrl(ctx: Ctx, bucketId: string, name: string, expiresIn: number, transform?: Transform): Promise<string> {
  const transformations = transform && ctx.imageTransformation ? signedTransformations(transform) : undefined;
  const token = await new SignJWT({ url: `${bucketId}/${name}`, ...(transformations ? { transformations } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(ctx.key);
  return `/${transformations ? 'render/image' : 'object'}/sign/${bucketId}/${name}?token=${token}`;
}

function expiresInOf(body: Record<string, unknown>): number {
  const v = body.expiresIn;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 1) {
    throw ERRORS.invalidRequest("body must have required property 'expiresIn'");
  }
  return Math.floor(v);
}

/** POST /object/sign/:bucket/*path — only for an object the caller can read. */
export async function signOne(ctx: Ctx, req: IncomingMessage, res: ServerResponse, bucketId: string, rawName: string) {
  const caller = await callerOf(ctx, req);
  const name = objectName(rawName);
  const body = await readJson(req);
  const expiresIn = expiresInOf(body);
  const transform = transformOfBody(body.transform);
  const obj = await asCaller(ctx.pool, caller, (c) => findObject(c, bucketId, name));
  if (!obj) throw ERRORS.noSuchKey();
  sendJson(res, 200, { signedURL: await signUrl(ctx, bucketId, name, expiresIn, transform) });
}

/** POST /object/sign/:bucket {expiresIn, paths} */
export async function signMany(ctx: Ctx, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const caller = await callerOf(ctx, req);
  const body = await readJson(req);
  const expiresIn = expiresInOf(body);
  const paths = body.paths;
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) {
    throw ERRORS.invalidRequest("body must have required property 'paths'");
  }
  const visible = await asCaller(ctx.pool, caller, async (client) =>
    new Set(
      (await client.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
        [bucketId, paths],
      )).rows.map((r) => r.name),
    ),
  );
  const out = [];
  for (const path of paths as string[]) {
    out.push(
      visible.has(path)
        ? { error: null, path, signedURL: await signUrl(ctx, bucketId, path, expiresIn) }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    );
  }
  sendJson(res, 200, out);
}

/**
 * GET /object/sign/:bucket/*path?token= and /render/image/sign/... — the token is the permission;
 * no JWT needed. A render link applies the transformation the token carries, not the query's.
 */
export async function serveSigned(ctx: Ctx, req: IncomingMessage, res: ServerResponse, bucketId: string, rawName: string, kind: 'asset' | 'image') {
  const name = objectName(rawName);
  const token = new URL(req.url ?? '/', 'http://storage.local').searchParams.get('token');
  if (!token) throw ERRORS.invalidRequest('Missing token');
  const payload = await verifyToken(token, ctx.key);
  if (payload.url !== `${bucketId}/${name}`) throw ERRORS.invalidSignature();
  const obj = await findObject(ctx.pool, bucketId, name);
  if (!obj) throw ERRORS.noSuchKey();
  const claim = typeof payload.transformations === 'string' ? payload.transformations : '';
  await renderObject(ctx, req, res, obj, kind === 'image' ? { image: parseTransformations(claim) } : 'asset');
}

/** Signed upload URLs are valid for two hours, as on hosted Storage. */
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;

/**
 * POST /object/upload/sign/:bucket/*path — checks now, in a transaction that is rolled back, that
 * the caller's policies allow the upload; the token then carries that permission and the owner.
 */
export async function signUpload(ctx: Ctx, req: IncomingMessage, res: ServerResponse, bucketId: string, rawName: string) {
  const caller = await callerOf(ctx, req);
  const name = objectName(rawName);
  const upsert = req.headers['x-upsert'] === 'true';
  req.resume();
  if (!(await findBucket(ctx, bucketId))) throw ERRORS.noSuchBucket();
  const checked = Symbol('rolled back');
  await asCaller(ctx.pool, caller, async (client) => {
    await client.query(upsert ? UPSERT : INSERT, [randomUUID(), bucketId, name, ...ownerParams(caller), null, null, null]);
    throw checked;
  }).catch((e: unknown) => {
    if (e !== checked) throw e;
  });
  const token = await new SignJWT({ owner: caller.sub, url: `${bucketId}/${name}`, upsert })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + SIGNED_UPLOAD_SECONDS)
    .sign(ctx.key);
  sendJson(res, 200, { url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token });
}

/** PUT /object/upload/sign/:bucket/*path?token= — the token's permission, written with its owner. */
export async function uploadSigned(ctx: Ctx, req: IncomingMessage, res: ServerResponse, bucketId: string, rawName: string) {
  const name = objectName(rawName);
  const token = new URL(req.url ?? '/', 'http://storage.local').searchParams.get('token');
  if (!token) throw ERRORS.invalidRequest('Missing token');
  const payload = await verifyToken(token, ctx.key);
  if (payload.url !== `${bucketId}/${name}`) throw ERRORS.invalidSignature();
  const owner = typeof payload.owner === 'string' ? payload.owner : undefined;
  // The policies were checked when the URL was signed; the write itself bypasses RLS, as in Storage.
  const trusted: Caller = { role: 'service_role', claims: { role: 'service_role', sub: owner }, sub: owner, authenticated: true };
  await store(ctx, req, res, trusted, bucketId, name, payload.upsert === true);
}
