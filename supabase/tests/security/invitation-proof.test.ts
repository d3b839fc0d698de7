// With confirmations off, Auth confirms every sign-up at once, so an account's
// email_confirmed_at proves nothing about who reads that mailbox. An invitation goes to an address:
// whoever registers that address first must not become the team's admin by it. Acceptance needs the
// link mailed to the address (its token), and an account whose address no Kairos mail has proven gets
// that link mailed again instead of a membership.
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { newUser, sql, stack, uniqueEmail, type TestUser } from '../../../scripts/local/test-stack/harness.ts';
import { waitForMails, type Mail } from '../../../scripts/local/test-stack/mailpit.ts';
import { call } from '../api/client.ts';

const tok = (u: TestUser) => ({ token: u.accessToken });

async function teamInviting(email: string) {
  const owner = await newUser({ firstName: 'Olive' });
  const slug = `proof-${Math.random().toString(36).slice(2, 10)}`;
  const team = await call('/api/teams', { body: { name: 'Payroll', slug, isPublic: false, timezone: 'UTC' }, ...tok(owner) });
  expect(team.status).toBe(201);
  const invited = await call(`/api/teams/${team.body.id}/members`, { body: { email, role: 'admin' }, ...tok(owner) });
  expect(invited.status).toBe(201);
  return { owner, teamId: team.body.id as number, invitationId: invited.body.id as number };
}

const tokenIn = (mail: Mail) => /\/invitations\/([\w-]+)/.exec(mail.Text)![1];
const members = (teamId: number) => sql('select user_id, role from public.team_members where team_id = $1 order by role', [teamId]);

describe('an invitation is accepted by whoever reads the invited mailbox, not whoever registers the address', () => {
  it('refuses the account that registered the invited address first, on every path, and mails the link again', async () => {
    const address = uniqueEmail('newhire');
    const { owner, teamId, invitationId } = await teamInviting(address);
    await waitForMails(address, 1);
    const squatter = await newUser({ email: address });

    // It sees the invitation (the address is its account's) but cannot take it.
    const mine = await call('/api/invitations', tok(squatter));
    expect(mine.body.map((i: { id: number }) => i.id)).toEqual([invitationId]);
    const accepted = await call(`/api/invitations/${invitationId}/accept`, { method: 'POST', ...tok(squatter) });
    expect(accepted).toMatchObject({ status: 403, body: { code: 'email_unproven' } });
    expect(accepted.body.message).toContain(address);
    const rpc = await squatter.client.rpc('accept_team_invitation', { p_invitation_id: invitationId });
    expect(rpc.error?.code).toBe('KR002');
    const direct = await squatter.client.from('team_members').insert({ team_id: teamId, user_id: squatter.id, role: 'admin' });
    expect(direct.error?.code).toBe('42501');
    // A made-up token is no proof either.
    const guessed = await squatter.client.rpc('accept_team_invitation', { p_invitation_id: invitationId, p_token: 'guessed' });
    expect(guessed.error?.code).toBe('P0002');
    expect(await members(teamId)).toEqual([{ user_id: owner.id, role: 'owner' }]);

    // The refusal mailed the link again, to the address: only its reader can use it. Asking again at
    // once sends nothing more.
    const [again] = await waitForMails(address, 2);
    expect(again.Subject).toBe('Invitation to join Payroll');
    expect((await call(`/api/invitations/${invitationId}/accept`, { method: 'POST', ...tok(squatter) })).status).toBe(403);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sql(`select count(*)::int as n from public.outbox where kind = 'invitation' and (payload ->> 'invitation_id')::bigint = $1`, [invitationId])).toEqual([
      { n: 2 },
    ]);
  });

  it('accepts with the mailed token, which proves the address for the next invitation too', async () => {
    const address = uniqueEmail('reader');
    const { teamId, invitationId } = await teamInviting(address);
    const invitee = await newUser({ email: address });
    const [mail] = await waitForMails(address, 1);

    const joined = await call(`/api/invitations/${invitationId}/accept`, { method: 'POST', body: { token: tokenIn(mail) }, ...tok(invitee) });
    expect(joined).toMatchObject({ status: 200, body: { teamId, userId: invitee.id, role: 'admin' } });

    // The address is now proven: a later invitation is accepted from the Teams page, without a link.
    const second = await teamInviting(address);
    expect((await call(`/api/invitations/${second.invitationId}/accept`, { method: 'POST', ...tok(invitee) })).status).toBe(200);
  });

  it('leaves the real owner of the address able to take the account back by a password reset, which ends the squatter sessions', async () => {
    const address = uniqueEmail('owner');
    const { teamId, invitationId } = await teamInviting(address);
    const squatter = await newUser({ email: address });
    const [invitation] = await waitForMails(address, 1);

    // Signing up again is refused, as GoTrue refuses it with confirmations off ...
    const fresh = () =>
      createClient(stack().apiUrl, stack().anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: ws as never },
      });
    const signUp = await fresh().auth.signUp({ email: address, password: 'mine-all-mine-1' });
    expect(signUp.error?.code).toBe('user_already_exists');
    // ... but the recovery mail reaches only the mailbox's reader, who sets a new password.
    const owner = fresh();
    expect((await owner.auth.resetPasswordForEmail(address)).error).toBeNull();
    const recovery = (await waitForMails(address, 2)).find((m) => m.Text.includes('type=recovery'))!;
    const link = /(http\S+\/auth\/v1\/verify\?\S+)/.exec(recovery.Text)![1];
    const landed = new URLSearchParams(new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!).hash.slice(1));
    await owner.auth.setSession({ access_token: landed.get('access_token')!, refresh_token: landed.get('refresh_token')! });
    expect((await owner.auth.updateUser({ password: 'mine-all-mine-1' })).error).toBeNull();

    // The squatter's sessions are over, and the owner joins with the invitation's link.
    expect((await fresh().auth.refreshSession({ refresh_token: squatter.refreshToken })).error).not.toBeNull();
    const token = (await owner.auth.getSession()).data.session!.access_token;
    const joined = await call(`/api/invitations/${invitationId}/accept`, { method: 'POST', body: { token: tokenIn(invitation) }, token });
    expect(joined.status).toBe(200);
    expect((await members(teamId)).map((m) => m.role)).toEqual(['owner', 'admin']);
  });
});
