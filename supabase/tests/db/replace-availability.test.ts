// Replacing a week of availability is all or nothing, and only for whom the policies allow.
import { describe, expect, it } from 'vitest';
import { newUser, sql } from '../../../scripts/local/test-stack/harness.ts';

const week = (start: string, end: string) => [
  { day_of_week: 1, start_time: start, end_time: end, is_enabled: true },
  { day_of_week: 3, start_time: '13:00', end_time: '15:30', is_enabled: false },
];

describe('replace_availability', () => {
  it('replaces the caller\'s week and nobody else\'s', async () => {
    const host = await newUser();
    const other = await newUser();
    await other.client.rpc('replace_availability', { p_rules: week('08:00', '12:00') });
    const { data, error } = await host.client.rpc('replace_availability', { p_rules: week('09:00', '17:00') });
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    const again = await host.client.rpc('replace_availability', { p_rules: [{ day_of_week: 5, start_time: '10:00', end_time: '11:00', is_enabled: true }] });
    expect(again.error).toBeNull();
    const mine = await sql('select day_of_week, start_time from public.availability_rules where user_id = $1', [host.id]);
    expect(mine).toEqual([{ day_of_week: 5, start_time: '10:00' }]);
    const theirs = await sql('select count(*)::int as n from public.availability_rules where user_id = $1', [other.id]);
    expect(theirs).toEqual([{ n: 2 }]);
  });

  it('keeps the previous week when one rule of the new one is refused', async () => {
    const host = await newUser();
    await host.client.rpc('replace_availability', { p_rules: week('09:00', '17:00') });
    const bad = [...week('09:00', '17:00'), { day_of_week: 2, start_time: '18:00', end_time: '10:00', is_enabled: true }];
    const { error } = await host.client.rpc('replace_availability', { p_rules: bad });
    expect(error).not.toBeNull();
    const kept = await sql('select count(*)::int as n from public.availability_rules where user_id = $1', [host.id]);
    expect(kept).toEqual([{ n: 2 }]);
  });
});

describe('replace_availability', () => {
  it('lets the owner replace the team week and leaves it untouched when a plain member tries', async () => {
    const owner = await newUser();
    const member = await newUser();
    const [team] = await sql<{ id: number }>(
      `insert into public.teams (name, slug, owner_id) values ('Replace test', $1, $2) returning id`,
      [`replace-${owner.id.slice(0, 8)}`, owner.id],
    );
    await sql(`insert into public.team_members (team_id, user_id, role) values ($1, $2, 'member')`, [team.id, member.id]);
    const saved = await owner.client.rpc('replace_availability', { p_team_id: team.id, p_rules: week('09:00', '17:00') });
    expect(saved.error).toBeNull();
    const refused = await member.client.rpc('replace_availability', { p_team_id: team.id, p_rules: [] });
    expect(refused.error).not.toBeNull();
    const rows = await sql('select count(*)::int as n from public.availability_rules where team_id = $1', [team.id]);
    expect(rows).toEqual([{ n: 2 }]);
  });
});
