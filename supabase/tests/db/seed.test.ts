// supabase/seed.sql applies cleanly on top of the migrations and gives a living demo: it runs here
// inside a transaction that is rolled back, so the shared test database stays unseeded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../../scripts/local/config.ts';
import { anon, become, createUser, fileConnection, one, rolledBack } from './db.ts';

const c = fileConnection();

it('seeds signable users, a directory, a public team and bookings in every state', () =>
  rolledBack(c, async () => {
    await c.query(readFileSync(join(ROOT, 'supabase', 'seed.sql'), 'utf8'));
    const demo = await one(c, `select (encrypted_password = extensions.crypt('password123', encrypted_password)) as ok,
      email_confirmed_at is not null as confirmed,
      (select count(*)::int from auth.identities i where i.user_id = u.id and i.provider = 'email') as identities
      from auth.users u where email = 'alex@kairos.test'`);
    expect(demo).toEqual({ ok: true, confirmed: true, identities: 1 });

    await become(c, anon);
    const publicView = {
      directory: (await one(c, `select count(*)::int as n from directory_profiles() where handle is not null and title is not null and bio is not null`)).n,
      team: await one(c, `select name, member_count from public_team('brightpath')`),
      teamTypes: (await one(c, `select count(*)::int as n from public_event_types(p_team_slug => 'brightpath')`)).n,
    };
    expect(publicView.directory).toBeGreaterThanOrEqual(6);
    expect(publicView.team).toEqual({ name: 'Brightpath Advisors', member_count: 4 });
    expect(publicView.teamTypes).toBe(4);
  }));

it('places bookings around now: past, upcoming, pending and cancelled, personal and team', () =>
  rolledBack(c, async () => {
    await c.query(readFileSync(join(ROOT, 'supabase', 'seed.sql'), 'utf8'));
    const kinds = await one(c, `select
      count(*) filter (where start_time < now() and status <> 'cancelled')::int as past,
      count(*) filter (where start_time >= now() and status = 'confirmed')::int as upcoming,
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'cancelled')::int as cancelled,
      count(*) filter (where team_id is not null)::int as team
      from bookings b join profiles p on p.id = coalesce(b.user_id, (select owner_id from teams t where t.id = b.team_id))
      where p.email like '%@kairos.test'`);
    for (const n of Object.values(kinds)) expect(n).toBeGreaterThan(0);
  }));

it('writes only its own rows: a team already in the database gets no hours from it', () =>
  rolledBack(c, async () => {
    // Other tests' teams live in the shared database and may be deleted while the seed runs.
    const owner = await createUser(c);
    const team = await one(c, `insert into public.teams (name, slug, owner_id) values ('Other', $1, $2) returning id`, [`seed-${owner.slice(0, 8)}`, owner]);
    await c.query(readFileSync(join(ROOT, 'supabase', 'seed.sql'), 'utf8'));
    expect(await one(c, `select count(*)::int as n from public.availability_rules where team_id = $1`, [team.id])).toEqual({ n: 0 });
  }));
