// The local Storage service through the gateway, driven by the official supabase-js storage client.
// The tests bring their own buckets and policies (the avatars rules: anyone reads, a user writes
// only under `<uid>/`), so they do not depend on the app's migrations.
import { SignJWT } from 'jose';
import pg from 'pg';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, newUser, serviceClient, sql, stack, type TestUser } from '../test-stack/harness.ts';
import { image } from '../test-stack/images.ts';

const PUBLIC_BUCKET = 'storage-test';
const PRIVATE_BUCKET = 'storage-test-private';
const MiB = 1024 * 1024;
const own = `(storage.foldername(name))[1] = (select auth.uid())::text`;

/** A real 1×1 PNG with `text` after it (bytes past IEND are kept as sent), padded or cut to `size`. */
const PIXEL = await image('png');
const pngBytes = (text: string, size?: number) => {
  const whole = Buffer.concat([PIXEL, Buffer.from(text)]);
  if (size === undefined) return whole;
  const bytes = Buffer.alloc(size);
  whole.copy(bytes, 0, 0, Math.min(size, whole.length));
  return bytes;
};
const png = (text: string, size?: number) => new Blob([new Uint8Array(pngBytes(text, size))], { type: 'image/png' });

/** A raw upload (as storage-js sends an ArrayBuffer), to see Storage's HTTP status and whole error body. */
const rawUpload = (encodedPath: string, token: string, contentType: string, body: string) =>
  fetch(`${stack().apiUrl}/storage/v1/object/${PUBLIC_BUCKET}/${encodedPath}`, {
    method: 'POST',
    headers: { apikey: stack().anonKey, authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  await sql(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
     values ($1, $1, true, 5242880, '{image/*}'), ($2, $2, false, null, null)
     on conflict (id) do nothing`,
    [PUBLIC_BUCKET, PRIVATE_BUCKET],
  );
  await sql(`
    drop policy if exists "storage-test read" on storage.objects;
    create policy "storage-test read" on storage.objects for select using (bucket_id = '${PUBLIC_BUCKET}');
    drop policy if exists "storage-test insert" on storage.objects;
    create policy "storage-test insert" on storage.objects for insert to authenticated
      with check (bucket_id = '${PUBLIC_BUCKET}' and ${own});
    drop policy if exists "storage-test update" on storage.objects;
    create policy "storage-test update" on storage.objects for update to authenticated
      using (bucket_id = '${PUBLIC_BUCKET}' and ${own}) with check (bucket_id = '${PUBLIC_BUCKET}' and ${own});
    drop policy if exists "storage-test delete" on storage.objects;
    create policy "storage-test delete" on storage.objects for delete to authenticated
      using (bucket_id = '${PUBLIC_BUCKET}' and ${own});
    drop policy if exists "storage-test-private owner" on storage.objects;
    create policy "storage-test-private owner" on storage.objects for all to authenticated
      using (bucket_id = '${PRIVATE_BUCKET}' and ${own}) with check (bucket_id = '${PRIVATE_BUCKET}' and ${own});`);
  [alice, bob] = await Promise.all([newUser({ firstName: 'Alice' }), newUser({ firstName: 'Bob' })]);
});

/** The bucket ids a role sees in SQL, where only the RLS policies decide. */
async function bucketsVisibleTo(role: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: stack().dbUrl });
  await c.connect();
  try {
    await c.query('begin');
    await c.query(`select set_config('role', $1, true)`, [role]);
    return (await c.query<{ id: string }>('select id from storage.buckets')).rows.map((r) => r.id);
  } finally {
    await c.end();
  }
}

const objectRows = (name: string) =>
  sql<{ owner: string; metadata: { size: number; mimetype: string } }>(
    'select owner, metadata from storage.objects where bucket_id = $1 and name = $2',
    [PUBLIC_BUCKET, name],
  );

describe('storage uploads under RLS', () => {
  it('lets a user upload into their own folder, owned by them, with Storage metadata', async () => {
    const path = `${alice.id}/avatar.png`;
    const { data, error } = await alice.client.storage.from(PUBLIC_BUCKET).upload(path, png('alice-1'));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `${PUBLIC_BUCKET}/${path}` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await objectRows(path);
    expect(row.owner).toBe(alice.id);
    expect(row.metadata).toMatchObject({ size: pngBytes('alice-1').length, mimetype: 'image/png', cacheControl: 'max-age=3600', httpStatusCode: 200 });
  });

  it("refuses an upload into another user's folder with Storage's policy error", async () => {
    const path = `${bob.id}/intruder.png`;
    const { error } = await alice.client.storage.from(PUBLIC_BUCKET).upload(path, png('nope'));
    expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(await objectRows(path)).toHaveLength(0);
  });

  it('refuses an anonymous upload', async () => {
    const path = `${alice.id}/anon.png`;
    const res = await rawUpload(path, stack().anonKey, 'image/png', 'anon');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    });
    const { error } = await anonClient().storage.from(PUBLIC_BUCKET).upload(path, png('anon'));
    expect(error).toMatchObject({ statusCode: '403' });
    expect(await objectRows(path)).toHaveLength(0);
  });

  it("enforces the bucket's 5 MiB limit: exactly 5 MiB is stored, one byte more is refused", async () => {
    const bucket = alice.client.storage.from(PUBLIC_BUCKET);
    const fits = await bucket.upload(`${alice.id}/five.png`, png('x', 5 * MiB));
    expect(fits.error).toBeNull();
    const { error } = await bucket.upload(`${alice.id}/too-big.png`, png('x', 5 * MiB + 1));
    expect(error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    expect(await objectRows(`${alice.id}/too-big.png`)).toHaveLength(0);
  });

  it("refuses a type outside the bucket's image/* list", async () => {
    const path = `${alice.id}/notes.txt`;
    const res = await rawUpload(path, alice.accessToken, 'text/plain', 'hello');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: '415',
      error: 'invalid_mime_type',
      message: 'mime type text/plain is not supported',
    });
    const { error } = await alice.client.storage
      .from(PUBLIC_BUCKET)
      .upload(path, new Blob(['hello'], { type: 'application/pdf' }));
    expect(error).toMatchObject({ statusCode: '415', message: 'mime type application/pdf is not supported' });
    expect(await objectRows(path)).toHaveLength(0);
  });

  it('answers "already exists" without x-upsert and overwrites with it', async () => {
    const bucket = alice.client.storage.from(PUBLIC_BUCKET);
    const path = `${alice.id}/upsert.png`;
    expect((await bucket.upload(path, png('first'))).error).toBeNull();
    const dup = await bucket.upload(path, png('second'));
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect((await bucket.upload(path, png('second!'), { upsert: true })).error).toBeNull();
    const body = Buffer.from(await (await fetch(bucket.getPublicUrl(path).data.publicUrl)).arrayBuffer());
    expect(body).toEqual(pngBytes('second!'));
    expect((await bucket.update(path, png('third'))).error).toBeNull();
    expect(Buffer.from(await (await bucket.download(path)).data!.arrayBuffer())).toEqual(pngBytes('third'));
    expect(await objectRows(path)).toHaveLength(1);
  });

  it('signs upload URLs only where the policies allow, and the URL uploads for its signer', async () => {
    const path = `${alice.id}/signed-upload.png`;
    const refused = await bob.client.storage.from(PUBLIC_BUCKET).createSignedUploadUrl(path);
    expect(refused.error).toMatchObject({ statusCode: '403' });
    const { data, error } = await alice.client.storage.from(PUBLIC_BUCKET).createSignedUploadUrl(path);
    expect(error).toBeNull();
    expect(await objectRows(path)).toHaveLength(0);
    const done = await anonClient().storage.from(PUBLIC_BUCKET).uploadToSignedUrl(path, data!.token, png('signed'));
    expect(done).toMatchObject({ error: null, data: { fullPath: `${PUBLIC_BUCKET}/${path}` } });
    const [row] = await objectRows(path);
    expect(row.owner).toBe(alice.id);
    const elsewhere = await anonClient().storage.from(PUBLIC_BUCKET).uploadToSignedUrl(`${bob.id}/x.png`, data!.token, png('x'));
    expect(elsewhere.error).toMatchObject({ statusCode: '400', message: 'Invalid signature' });
  });

  it('refuses invalid and expired JWTs, and names that climb out of a folder', async () => {
    const sign = (secret: string, exp: string) =>
      new SignJWT({ role: 'authenticated', sub: alice.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const cases = [
      [await sign('another-secret-another-secret-another-secret', '1h'), 'invalid signature'],
      [await sign(stack().jwtSecret, '-1m'), 'jwt expired'],
    ];
    for (const [token, message] of cases) {
      const res = await rawUpload(`${alice.id}/jwt.png`, token, 'image/png', 'x');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized', message });
    }
    const climb = await rawUpload(`${alice.id}%2F..%2F${bob.id}%2Fescape.png`, alice.accessToken, 'image/png', 'x');
    expect(climb.status).toBe(400);
    expect(await climb.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
  });
});

describe('storage reads', () => {
  it('serves a public URL without any key, with the same bytes and the stored content type', async () => {
    const bucket = alice.client.storage.from(PUBLIC_BUCKET);
    const path = `${alice.id}/photo one.jpg`;
    // A real JPEG followed by filler up to 4096 bytes (bytes after the image's end are kept as sent).
    const jpeg = await image('jpeg', 8, 8);
    const bytes = new Uint8Array(4096);
    bytes.set(jpeg);
    bytes.set(Array.from({ length: 4096 - jpeg.length }, (_, i) => i % 251), jpeg.length);
    expect((await bucket.upload(path, new Blob([bytes], { type: 'image/jpeg' }))).error).toBeNull();
    const res = await fetch(bucket.getPublicUrl(path).data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    const part = await fetch(bucket.getPublicUrl(path).data.publicUrl, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/4096');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(10, 20));
    const head = await fetch(bucket.getPublicUrl(path).data.publicUrl, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), head.headers.get('content-type')]).toEqual([200, '4096', 'image/jpeg']);
    const cached = await fetch(bucket.getPublicUrl(path).data.publicUrl, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(cached.status).toBe(304);

    const missing = await fetch(bucket.getPublicUrl(`${alice.id}/missing.png`).data.publicUrl);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '404', error: 'not_found', message: 'Object not found' });
  });

  it('keeps private objects to their owner: download under RLS, no public URL', async () => {
    const path = `${alice.id}/secret.bin`;
    const blob = new Blob(['top secret'], { type: 'application/octet-stream' });
    expect((await alice.client.storage.from(PRIVATE_BUCKET).upload(path, blob)).error).toBeNull();
    const mine = await alice.client.storage.from(PRIVATE_BUCKET).download(path);
    expect(await mine.data!.text()).toBe('top secret');
    const theirs = await bob.client.storage.from(PRIVATE_BUCKET).download(path);
    expect(theirs.error).not.toBeNull();
    expect(theirs.data).toBeNull();
    const pub = await fetch(anonClient().storage.from(PRIVATE_BUCKET).getPublicUrl(path).data.publicUrl);
    expect(pub.status).toBe(400);
    expect(await pub.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
    expect((await alice.client.storage.from(PRIVATE_BUCKET).exists(path)).data).toBe(true);
    expect((await bob.client.storage.from(PRIVATE_BUCKET).exists(path)).data).toBe(false);
    const signed = await alice.client.storage.from(PRIVATE_BUCKET).createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    // A signed link works for whoever holds it, with no apikey, as on hosted Supabase.
    const viaSigned = await fetch(signed.data!.signedUrl);
    expect(await viaSigned.text()).toBe('top secret');
  });

  it('lists folders and files of one level, like Storage', async () => {
    const bucket = alice.client.storage.from(PUBLIC_BUCKET);
    const base = `${alice.id}/album`;
    for (const name of ['b.png', 'a.png', 'sub/c.png']) {
      expect((await bucket.upload(`${base}/${name}`, png(name))).error).toBeNull();
    }
    const { data, error } = await bucket.list(base);
    expect(error).toBeNull();
    expect(data!.map((f) => [f.name, f.id === null])).toEqual([
      ['sub', true],
      ['a.png', false],
      ['b.png', false],
    ]);
    expect(data![1].metadata).toMatchObject({ size: pngBytes('a.png').length, mimetype: 'image/png' });
    const page = await bucket.list(base, { limit: 1, offset: 1, sortBy: { column: 'name', order: 'desc' } });
    expect(page.data!.map((f) => f.name)).toEqual(['b.png']);
    const search = await bucket.list(base, { search: 'b' });
    expect(search.data!.map((f) => f.name)).toEqual(['b.png']);
  });
});

describe('storage removal and buckets', () => {
  it("removes the caller's own objects only, answering the removed rows", async () => {
    const bucket = alice.client.storage.from(PUBLIC_BUCKET);
    const path = `${alice.id}/to-remove.png`;
    expect((await bucket.upload(path, png('bye'))).error).toBeNull();
    const byBob = await bob.client.storage.from(PUBLIC_BUCKET).remove([path]);
    expect(byBob).toMatchObject({ data: [], error: null });
    expect(await objectRows(path)).toHaveLength(1);
    const { data, error } = await bucket.remove([path, `${alice.id}/never-existed.png`]);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name)).toEqual([path]);
    expect(await objectRows(path)).toHaveLength(0);
    const gone = await fetch(bucket.getPublicUrl(path).data.publicUrl);
    expect(gone.status).toBe(400);
  });

  it('lists buckets under RLS: all to the service role, to anon what the policies on storage.buckets allow', async () => {
    const service = serviceClient().storage;
    const { data: b } = await service.getBucket(PUBLIC_BUCKET);
    expect(b).toMatchObject({ id: PUBLIC_BUCKET, public: true, file_size_limit: 5 * MiB, allowed_mime_types: ['image/*'] });
    const { data: all } = await service.listBuckets();
    expect(all!.map((x) => x.id)).toEqual(expect.arrayContaining([PUBLIC_BUCKET, PRIVATE_BUCKET]));
    const { data: asAnon } = await anonClient().storage.listBuckets();
    expect(asAnon!.map((x) => x.id).sort()).toEqual((await bucketsVisibleTo('anon')).sort());

    const id = `tmp-${crypto.randomUUID().slice(0, 8)}`;
    expect((await service.createBucket(id, { public: false, fileSizeLimit: '1MB' })).data).toEqual({ name: id });
    expect((await service.updateBucket(id, { public: true, fileSizeLimit: 1024 })).error).toBeNull();
    expect((await service.getBucket(id)).data).toMatchObject({ public: true, file_size_limit: 1024 });
    expect((await service.from(id).upload('a.png', png('a'))).error).toBeNull();
    expect((await service.deleteBucket(id)).error).toMatchObject({ statusCode: '409' });
    expect((await service.emptyBucket(id)).error).toBeNull();
    expect((await service.deleteBucket(id)).error).toBeNull();
    expect((await service.getBucket(id)).error).toMatchObject({ statusCode: '404' });
  });
});

describe('safe uploads: an attacker storing a page as an avatar', () => {
  const avatars = () => alice.client.storage.from('avatars');
  const rows = (name: string) => sql('select 1 from storage.objects where bucket_id = $1 and name = $2', ['avatars', name]);
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
  const HTML = '<!doctype html><html><body><script>fetch("/auth/v1/user")</script></body></html>';

  it('refuses an SVG: the avatars bucket takes raster image types only', async () => {
    const path = `${alice.id}/evil.svg`;
    const { error } = await avatars().upload(path, new Blob([SVG], { type: 'image/svg+xml' }));
    expect(error).toMatchObject({ statusCode: '415', message: 'mime type image/svg+xml is not supported' });
    expect(await rows(path)).toHaveLength(0);
  });

  it('refuses HTML or SVG sent as image/png, by the bytes, also in a bucket open to every type', async () => {
    for (const [body, path] of [[HTML, `${alice.id}/page.png`], [SVG, `${alice.id}/svg.png`]]) {
      const { error } = await avatars().upload(path, new Blob([body], { type: 'image/png' }));
      expect(error).toMatchObject({ statusCode: '415', message: 'mime type image/png does not match the file content' });
      expect(await rows(path)).toHaveLength(0);
    }
    const raw = await fetch(`${stack().apiUrl}/storage/v1/object/${PRIVATE_BUCKET}/${alice.id}/page.jpg`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, authorization: `Bearer ${alice.accessToken}`, 'content-type': 'image/jpeg' },
      body: HTML,
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
  });

  it('takes a real image, even one whose claimed raster type differs from its bytes (as hosted Storage does)', async () => {
    expect((await avatars().upload(`${alice.id}/photo.png`, new Blob([new Uint8Array(await image('png'))], { type: 'image/png' }))).error).toBeNull();
    expect((await avatars().upload(`${alice.id}/photo2.png`, new Blob([new Uint8Array(await image('jpeg'))], { type: 'image/png' }))).error).toBeNull();
  });

  it('serves every stored file inert: nosniff and a sandboxing CSP on public, authenticated, signed and rendered reads', async () => {
    const path = `${alice.id}/served.bin`;
    expect((await alice.client.storage.from(PRIVATE_BUCKET).upload(path, new Blob([HTML], { type: 'text/html' }))).error).toBeNull();
    const pub = `${alice.id}/served.png`;
    expect((await avatars().upload(pub, new Blob([new Uint8Array(await image('png', 4, 4))], { type: 'image/png' }))).error).toBeNull();
    const signed = (await alice.client.storage.from(PRIVATE_BUCKET).createSignedUrl(path, 60)).data!.signedUrl;
    const reads = [
      fetch(avatars().getPublicUrl(pub).data.publicUrl),
      fetch(avatars().getPublicUrl(pub, { transform: { width: 2, height: 2 } }).data.publicUrl),
      fetch(`${stack().apiUrl}/storage/v1/object/authenticated/${PRIVATE_BUCKET}/${path}`, { headers: { apikey: stack().anonKey, authorization: `Bearer ${alice.accessToken}` } }),
      fetch(signed),
    ];
    for (const res of await Promise.all(reads)) {
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    }
  });
});

describe('Storage parity through storage-js', () => {
  it('lists with list-v2: flat, by folder (key and trailing slash), and page by page with a cursor', async () => {
    const bucket = alice.client.storage.from(PUBLIC_BUCKET);
    const base = `${alice.id}/v2`;
    for (const name of ['c.png', 'a.png', 'b.png', 'deep/d.png']) expect((await bucket.upload(`${base}/${name}`, png(name))).error).toBeNull();
    const flat = await bucket.listV2({ prefix: `${base}/` });
    expect(flat.error).toBeNull();
    expect(flat.data!.objects.map((o) => o.name)).toEqual(['a.png', 'b.png', 'c.png', 'deep/d.png'].map((n) => `${base}/${n}`));
    expect(flat.data).toMatchObject({ hasNext: false, folders: [] });

    const level = await bucket.listV2({ prefix: `${base}/`, with_delimiter: true });
    expect(level.data!.folders).toEqual([expect.objectContaining({ key: 'deep', name: `${base}/deep/`, id: null })]);
    expect(level.data!.objects.map((o) => o.key)).toEqual(['a.png', 'b.png', 'c.png']);

    const names: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const { data, error } = await bucket.listV2({ prefix: `${base}/`, limit: 2, cursor, sortBy: { column: 'name', order: 'desc' } });
      expect(error).toBeNull();
      names.push(...data!.objects.map((o) => o.name));
      if (!data!.hasNext) break;
      cursor = data!.nextCursor;
    }
    expect(names).toEqual(['deep/d.png', 'c.png', 'b.png', 'a.png'].map((n) => `${base}/${n}`));
  });

  it('answers object info with metadata {} when none was given, and the given metadata otherwise', async () => {
    const bucket = alice.client.storage.from(PUBLIC_BUCKET);
    expect((await bucket.upload(`${alice.id}/info.png`, png('info'))).error).toBeNull();
    expect((await bucket.info(`${alice.id}/info.png`)).data).toMatchObject({ metadata: {}, contentType: 'image/png', size: pngBytes('info').length });
    expect((await bucket.upload(`${alice.id}/info2.png`, png('info'), { metadata: { album: 'x' } })).error).toBeNull();
    expect((await bucket.info(`${alice.id}/info2.png`)).data).toMatchObject({ metadata: { album: 'x' } });
  });

  it("shapes buckets like Storage and answers emptying in Storage's words", async () => {
    const service = serviceClient().storage;
    const { data: one } = await service.getBucket(PRIVATE_BUCKET);
    expect(Object.keys(one!).sort()).toEqual(['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at']);
    const { data: all } = await service.listBuckets({ search: 'storage-test', sortColumn: 'name', sortOrder: 'desc', limit: 1 });
    expect(all).toEqual([expect.objectContaining({ id: PRIVATE_BUCKET, type: 'STANDARD' })]);
    const id = `tmp-${crypto.randomUUID().slice(0, 8)}`;
    await service.createBucket(id);
    expect((await service.emptyBucket(id)).data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    await service.deleteBucket(id);
  });

  it('transforms images: width, height, resize, quality and format, public, authenticated and signed', async () => {
    const path = `${alice.id}/big.jpg`;
    const bucket = alice.client.storage.from(PUBLIC_BUCKET);
    expect((await bucket.upload(path, new Blob([new Uint8Array(await image('jpeg', 400, 200))], { type: 'image/jpeg' }))).error).toBeNull();
    const size = async (res: Response) => sharp(Buffer.from(await res.arrayBuffer())).metadata();

    const cover = await fetch(bucket.getPublicUrl(path, { transform: { width: 100, height: 100 } }).data.publicUrl);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect(cover.headers.get('x-transformations')).toBe('height:100,width:100,resizing_type:fill');
    expect(await size(cover)).toMatchObject({ width: 100, height: 100, format: 'jpeg' });

    const contain = await fetch(bucket.getPublicUrl(path, { transform: { width: 100, height: 100, resize: 'contain', format: 'webp' as never } }).data.publicUrl);
    expect(await size(contain)).toMatchObject({ width: 100, height: 50, format: 'webp' });
    const fill = await bucket.download(path, { transform: { width: 40, height: 90, resize: 'fill', quality: 30 } });
    expect(await sharp(Buffer.from(await fill.data!.arrayBuffer())).metadata()).toMatchObject({ width: 40, height: 90 });

    const signed = await bucket.createSignedUrl(path, 60, { transform: { width: 50 } });
    expect(signed.data!.signedUrl).toContain('/storage/v1/render/image/sign/');
    const viaSigned = await fetch(signed.data!.signedUrl);
    expect(await size(viaSigned)).toMatchObject({ width: 50, height: 25 });

    const badQuality = await fetch(`${bucket.getPublicUrl(path).data.publicUrl.replace('/object/', '/render/image/')}?quality=5`);
    expect(badQuality.status).toBe(400);
    const text = alice.client.storage.from(PRIVATE_BUCKET);
    expect((await text.upload(`${alice.id}/notes.txt`, new Blob(['plain text'], { type: 'text/plain' }))).error).toBeNull();
    const notImage = await text.download(`${alice.id}/notes.txt`, { transform: { width: 10 } });
    expect(notImage.error).toMatchObject({ status: 400 });
  });
});
