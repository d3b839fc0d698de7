// A Supabase-Storage-compatible HTTP service for the local stack: the routes @supabase/storage-js
// calls, with Storage's response and error shapes. Every read and write of storage.objects runs as
// the caller's role with its JWT claims, so the RLS policies from the migrations decide. The
// gateway strips `/storage/v1` before forwarding, so routes start at `/object`, `/bucket` and `/render`.
import http from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import type { StackConfig } from '../config.ts';
import { secretKey } from './auth.ts';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.ts';
import type { Ctx } from './context.ts';
import { ERRORS, toStorageError } from './errors.ts';
import { ObjectFiles } from './files.ts';
import { sendError, sendJson } from './http.ts';
import { list, listV2 } from './list.ts';
import * as objects from './objects.ts';

/** Storage's default when config.toml sets no [storage] file_size_limit. */
const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

function segmentsOf(pathname: string): string[] {
  try {
    return pathname.split('/').slice(1).map(decodeURIComponent);
  } catch {
    throw ERRORS.invalidRequest('Invalid URL encoding');
  }
}

async function routeObject(ctx: Ctx, req: http.IncomingMessage, res: http.ServerResponse, s: string[]) {
  const method = req.method ?? 'GET';
  const read = method === 'GET' || method === 'HEAD';
  const rest = (from: number) => s.slice(from).join('/');
  const [first] = s;

  if (method === 'POST' && first === 'list' && s.length === 2) return list(ctx, req, res, s[1]);
  if (method === 'POST' && first === 'list-v2' && s.length === 2) return listV2(ctx, req, res, s[1]);
  if (method === 'POST' && first === 'move' && s.length === 1) return objects.move(ctx, req, res);
  if (method === 'POST' && first === 'copy' && s.length === 1) return objects.copy(ctx, req, res);
  if (first === 'sign') {
    if (method === 'POST' && s.length === 2) return objects.signMany(ctx, req, res, s[1]);
    if (method === 'POST' && s.length >= 3) return objects.signOne(ctx, req, res, s[1], rest(2));
    if (read && s.length >= 3) return objects.serveSigned(ctx, req, res, s[1], rest(2), 'asset');
  }
  if (first === 'upload' && s[1] === 'sign' && s.length >= 4) {
    if (method === 'POST') return objects.signUpload(ctx, req, res, s[2], rest(3));
    if (method === 'PUT') return objects.uploadSigned(ctx, req, res, s[2], rest(3));
  }
  if (read && first === 'public' && s.length >= 3) return objects.serve(ctx, req, res, s[1], rest(2), 'public', 'asset');
  if (read && first === 'authenticated' && s.length >= 3) {
    return objects.serve(ctx, req, res, s[1], rest(2), 'authenticated', 'asset');
  }
  if (method === 'GET' && first === 'info' && s.length >= 3) {
    if (s[1] === 'public' && s.length >= 4) return objects.serve(ctx, req, res, s[2], rest(3), 'public', 'info');
    if (s[1] === 'authenticated' && s.length >= 4) {
      return objects.serve(ctx, req, res, s[2], rest(3), 'authenticated', 'info');
    }
    return objects.serve(ctx, req, res, s[1], rest(2), 'lenient', 'info');
  }
  if (method === 'DELETE' && s.length === 1) return objects.removeMany(ctx, req, res, first);
  if (s.length >= 2) {
    if (method === 'DELETE') return objects.removeOne(ctx, req, res, first, rest(1));
    if (method === 'POST') return objects.upload(ctx, req, res, first, rest(1), req.headers['x-upsert'] === 'true');
    if (method === 'PUT') return objects.upload(ctx, req, res, first, rest(1), true);
    if (read) return objects.serve(ctx, req, res, first, rest(1), 'lenient', 'asset');
  }
  throw ERRORS.notFound();
}

/** /render/image/{public,authenticated,sign}/:bucket/*path — only while image transformation is on. */
async function routeRender(ctx: Ctx, req: http.IncomingMessage, res: http.ServerResponse, s: string[]) {
  const read = req.method === 'GET' || req.method === 'HEAD';
  if (!ctx.imageTransformation || s[0] !== 'image' || !read || s.length < 4) throw ERRORS.notFound();
  const [, access, bucketId] = s;
  const name = s.slice(3).join('/');
  if (access === 'public') return objects.serve(ctx, req, res, bucketId, name, 'public', objects.imageRender(req));
  if (access === 'authenticated') return objects.serve(ctx, req, res, bucketId, name, 'authenticated', objects.imageRender(req));
  if (access === 'sign') return objects.serveSigned(ctx, req, res, bucketId, name, 'image');
  throw ERRORS.notFound();
}

async function routeBucket(ctx: Ctx, req: http.IncomingMessage, res: http.ServerResponse, s: string[]) {
  const method = req.method ?? 'GET';
  if (s.length === 0 || (s.length === 1 && s[0] === '')) {
    if (method === 'GET') return listBuckets(ctx, req, res);
    if (method === 'POST') return createBucket(ctx, req, res);
  }
  if (s.length === 1) {
    if (method === 'GET') return getBucket(ctx, req, res, s[0]);
    if (method === 'PUT') return updateBucket(ctx, req, res, s[0]);
    if (method === 'DELETE') return deleteBucket(ctx, req, res, s[0]);
  }
  if (s.length === 2 && s[1] === 'empty' && method === 'POST') return emptyBucket(ctx, req, res, s[0]);
  throw ERRORS.notFound();
}

async function route(ctx: Ctx, req: http.IncomingMessage, res: http.ServerResponse) {
  const [area, ...s] = segmentsOf(new URL(req.url ?? '/', 'http://storage.local').pathname);
  if (area === 'object') return routeObject(ctx, req, res, s);
  if (area === 'bucket') return routeBucket(ctx, req, res, s);
  if (area === 'render') return routeRender(ctx, req, res, s);
  if (area === 'status' && req.method === 'GET') return sendJson(res, 200, { status: 'ok' });
  throw ERRORS.notFound();
}

export function createStorageServer({ config, pool }: { config: StackConfig; pool: pg.Pool }): http.Server {
  const ctx: Ctx = {
    pool,
    files: new ObjectFiles(join(config.dataDir, 'storage')),
    key: secretKey(config.jwtSecret),
    globalFileSizeLimit: config.storage.fileSizeLimit ?? DEFAULT_FILE_SIZE_LIMIT,
    imageTransformation: config.storage.imageTransformation,
  };
  return http.createServer((req, res) => {
    route(ctx, req, res).catch((e: unknown) => {
      // A client that hung up mid-upload has nobody left to answer.
      if (req.socket.destroyed) return;
      const err = toStorageError(e);
      // Only the unexpected is logged, and never sent: the client sees Storage's generic 500.
      if (err.statusCode >= 500) console.error(`storage: ${req.method} ${req.url}: ${e instanceof Error ? e.message : String(e)}`);
      req.resume();
      sendError(res, err);
    });
  });
}
