// The same rules seen through the API the web app uses: supabase-js against PostgREST, Auth and
// Storage of the local stack, as anon and as real signed-up users.
import { describe, expect, it } from 'vitest';
import { anonClient, newUser } from '../../../scripts/local/test-stack/harness.ts';
import { image } from '../../../scripts/local/test-stack/images.ts';
import { proveEmail } from '../api/fixtures.ts';

const slug = () => `api-${Math.random().toString(36).slice(2, 10)}`;

describe('through PostgREST', () => {
  it('creates the profile and settings at sign-up from the sign-up names', async () => {
    const ada = await newUser({ firstName: 'Ada', lastName: 'Byron' });
    const { data: profile } = await ada.client.from('profiles').select('first_name, last_name, email, timezone').eq('id', ada.id).single();
    expect(profile).toEqual({ first_name: 'Ada', last_name: 'Byron', email: ada.email, timezone: 'UTC' });
    const { data: settings } = await ada.client.from('user_settings').select('buffer_before, minimum_notice').single();
    expect(settings).toEqual({ buffer_before: 10, minimum_notice: 1440 });
  });

  it('keeps profile rows from anon and strangers, and shows them to team-mates', async () => {
    const [owner, mate, stranger] = [await newUser(), await newUser(), await newUser()];
    const anonRead = await anonClient().from('profiles').select('id').eq('id', owner.id);
    expect(anonRead.error?.code).toBe('42501');
    expect((await stranger.client.from('profiles').select('email').eq('id', owner.id)).data).toEqual([]);

    // Insert with RETURNING: the creator reads the new team before the owner membership is visible.
    const { data: team, error } = await owner.client.from('teams').insert({ name: 'API team', slug: slug(), owner_id: owner.id }).select('id').single();
    expect(error).toBeNull();
    const { data: invitation, error: inviteError } = await owner.client
      .rpc('invite_team_member', { p_team_id: team!.id, p_email: mate.email, p_role: 'member' })
      .single();
    expect(inviteError).toBeNull();
    // Invited is not joined: nothing of either person is visible to the other yet.
    expect((await mate.client.from('profiles').select('email').eq('id', owner.id)).data).toEqual([]);
    expect((await owner.client.from('profiles').select('email').eq('id', mate.id)).data).toEqual([]);
    await proveEmail(mate);
    expect((await mate.client.rpc('accept_team_invitation', { p_invitation_id: (invitation as { id: number }).id })).error).toBeNull();
    expect((await mate.client.from('profiles').select('email').eq('id', owner.id)).data).toEqual([{ email: owner.email }]);
    const roles = (await mate.client.from('team_members').select('role').eq('team_id', team!.id).order('role')).data;
    expect(roles).toEqual([{ role: 'owner' }, { role: 'member' }]);
  });

  it('serves public reads to anon and refuses anon the write RPCs', async () => {
    const host = await newUser({ firstName: 'Hana' });
    const { data: et } = await host.client.from('event_types').insert({ user_id: host.id, title: 'Chat', duration: 30 }).select('id').single();
    const anon = anonClient();
    const { data: direct } = await anon.rpc('public_event_type', { p_event_type_id: et!.id });
    expect(direct).toMatchObject([{ id: et!.id, title: 'Chat', host_first_name: 'Hana' }]);
    const refused = await anon.rpc('create_booking', {
      p_event_type_id: et!.id, p_start: '2034-01-02T10:00:00Z', p_end: '2034-01-02T10:30:00Z', p_guest: { guest_name: 'G', guest_email: 'g@example.test' },
    });
    expect(refused.error?.code).toBe('42501');
    expect((await anon.rpc('check_handle', { p_handle: 'login' })).data).toEqual({ available: false, reason: 'reserved', message: 'This handle is reserved' });
  });

  it('writes no booking for a signed-in caller, not even the host on their own event type (the functions are the door)', async () => {
    const host = await newUser();
    const { data: et } = await host.client.from('event_types').insert({ user_id: host.id, title: 'Chat', duration: 30 }).select('id').single();
    const args = { p_event_type_id: et!.id, p_start: '2034-02-01T10:00:00Z', p_end: '2034-02-01T10:30:00Z', p_guest: { guestName: 'G', guestEmail: 'g@example.test' } };
    expect((await host.client.rpc('create_booking', args)).error?.code).toBe('42501');
    expect((await host.client.from('bookings').select('id')).data).toEqual([]);
  });

  it('stores avatars only under the uploader\'s own folder, readable by anyone', async () => {
    const [me, you] = [await newUser(), await newUser()];
    const file = new Blob([new Uint8Array(await image('png'))], { type: 'image/png' });
    const mine = await me.client.storage.from('avatars').upload(`${me.id}/avatar.png`, file);
    expect(mine.error).toBeNull();
    const theirs = await me.client.storage.from('avatars').upload(`${you.id}/avatar.png`, file);
    expect(theirs.error).not.toBeNull();
    const { data } = anonClient().storage.from('avatars').getPublicUrl(`${me.id}/avatar.png`);
    expect((await fetch(data.publicUrl)).status).toBe(200);
  });
});
