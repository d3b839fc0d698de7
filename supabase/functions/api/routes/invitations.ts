// Team invitations. Owners and admins invite an email address with a role; the person who owns that
// address sees the invitation on their Teams page and by the link mailed to them (the database queues
// the mail with the invitation; the outbox function sends it), and accepts or declines it; only
// acceptance makes them a member. Everything runs as the caller, so the policies on team_invitations
// and team_members decide who may do what.
import type { z } from 'zod';
import { notFound, parseOrThrow } from '../../_shared/rules/errors.ts';
import { ruleMessage } from '../../_shared/rules/messages.ts';
import { acceptInvitationSchema, type inviteSchema } from '../../_shared/rules/schemas.ts';
import { viewerDb } from '../../_shared/http/booking-deps.ts';
import { json } from '../../_shared/http/errors.ts';
import { idParam, readJson } from '../../_shared/http/request.ts';
import type { Router } from '../../_shared/http/router.ts';
import type { Caller } from '../../_shared/http/session.ts';
import { camelize } from '../../_shared/db/shapes.ts';
import { asMember, canSee, changedOr403, firstOr404, rows, TEAM_NOT_FOUND, teamRows, type Row } from '../access.ts';

const COLUMNS = 'id, team_id, email, role, invited_by, created_at, expires_at';
const INVITATION_NOT_FOUND = ruleMessage('invitationGone');

/**
 * Creates (or renews) the invitation, whose mail the database queues. The answer is the same whether
 * or not the address has an account; a member's address is refused by the database (HINT personAlreadyMember).
 */
export async function inviteMember(caller: Caller, teamId: number, input: z.infer<typeof inviteSchema>) {
  const result = await caller.db.rpc('invite_team_member', { p_team_id: teamId, p_email: input.email, p_role: input.role }).single();
  return camelize<Row>(rows<Row>(result, TEAM_NOT_FOUND));
}

/** The team dashboard's view: pending invitations (owners and admins see them), and revoking one. */
export function teamInvitationRoutes(router: Router) {
  router.get('/api/teams/:teamId/invitations', async (ctx) => json(camelize(await teamRows(ctx, 'team_invitations', COLUMNS, 'created_at', 'id'))));

  router.delete('/api/teams/:teamId/invitations/:invitationId', async (ctx) => {
    const { caller, id } = await asMember(ctx);
    const match = { id: idParam(ctx.params.invitationId, INVITATION_NOT_FOUND), team_id: id };
    await changedOr403(await caller.db.from('team_invitations').delete().match(match).select('id'), canSee(caller.db, 'team_invitations', match), INVITATION_NOT_FOUND);
    return json({ message: 'Invitation revoked' });
  });
}

/** The invitee's view: their pending invitations, the one a mailed link names, accepting and declining. */
export function invitationRoutes(router: Router) {
  router.get('/api/invitations', async (ctx) => {
    const caller = await ctx.requireCaller();
    const list = rows<Row[]>(
      await caller.db
        .from('team_invitations')
        .select(`${COLUMNS}, team:teams(id, name, slug, description)`)
        .eq('email', caller.email.toLowerCase())
        .order('created_at'),
    );
    return json(camelize(list));
  });

  // The link's token is the capability: anyone holding it sees the team's name and the role offered.
  router.get('/api/invitations/link/:token', async (ctx) => {
    const found = firstOr404<Row>(await (await viewerDb(ctx)).rpc('team_invitation_by_token', { p_token: ctx.params.token }), INVITATION_NOT_FOUND);
    return json(camelize(found));
  });

  // Accepting needs proof that the caller reads the invited address: the mailed link's token, or an
  // address proven before. Without either, the link is mailed again and the answer says so.
  router.post('/api/invitations/:invitationId/accept', async (ctx) => {
    const caller = await ctx.requireCaller();
    const id = idParam(ctx.params.invitationId, INVITATION_NOT_FOUND);
    const { token } = parseOrThrow(acceptInvitationSchema, (await readJson(ctx.req)) ?? {});
    const accepted = await caller.db.rpc('accept_team_invitation', { p_invitation_id: id, p_token: token }).single();
    if (accepted.error?.code === 'KR002') rows(await caller.db.rpc('mail_invitation_link', { p_invitation_id: id }), INVITATION_NOT_FOUND);
    return json(camelize(rows<Row>(accepted, INVITATION_NOT_FOUND)));
  });

  router.delete('/api/invitations/:invitationId', async (ctx) => {
    const caller = await ctx.requireCaller();
    const id = idParam(ctx.params.invitationId, INVITATION_NOT_FOUND);
    const declined = rows<Row[]>(await caller.db.from('team_invitations').delete().eq('id', id).eq('email', caller.email.toLowerCase()).select('id'));
    if (declined.length === 0) throw notFound(INVITATION_NOT_FOUND);
    return json({ message: 'Invitation declined' });
  });
}
