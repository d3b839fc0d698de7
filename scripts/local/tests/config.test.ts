// config.toml drives the local services as it drives the Supabase CLI's: a project folder of its own
// ([api] schemas and max_rows for PostgREST, [storage] limits for Storage), served by a second stack.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../test-stack/start.ts';

let project: string;
let running: TestStack;

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'kairos-project-'));
  mkdirSync(join(project, 'migrations'));
  writeFileSync(
    join(project, 'config.toml'),
    `[api]
schemas = ["public", "extra"]
max_rows = 2

[storage]
file_size_limit = "1KiB"

[storage.image_transformation]
enabled = false

[storage.buckets.docs]
public = true
`,
  );
  writeFileSync(
    join(project, 'migrations', '20260101000000_extra.sql'),
    `create schema extra;
grant usage on schema extra to anon;
create table extra.items (id int primary key);
insert into extra.items select generate_series(1, 5);
grant select on extra.items to anon;`,
  );
  running = await startTestStack({ supabaseDir: project });
});

afterAll(async () => {
  await running?.dispose();
  rmSync(project, { recursive: true, force: true });
});

describe("a project's config.toml", () => {
  it('[api] schemas and max_rows: PostgREST serves the extra schema and caps every answer', async () => {
    const { apiUrl, anonKey } = running.stack.config;
    const res = await fetch(`${apiUrl}/rest/v1/items?select=id&order=id`, { headers: { apikey: anonKey, 'accept-profile': 'extra' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('[storage] file_size_limit caps uploads, and image transformation off removes /render', async () => {
    const { apiUrl, serviceRoleKey } = running.stack.config;
    const upload = (size: number) =>
      fetch(`${apiUrl}/storage/v1/object/docs/f-${size}.txt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'text/plain' },
        body: 'x'.repeat(size),
      });
    expect((await upload(1024)).status).toBe(200);
    const tooBig = await upload(1025);
    expect(await tooBig.json()).toMatchObject({ statusCode: '413' });
    const render = await fetch(`${apiUrl}/storage/v1/render/image/public/docs/f-1024.txt?width=10`);
    expect(await render.json()).toMatchObject({ statusCode: '404' });
  });
});
