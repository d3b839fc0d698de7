// Teams of the signed-in user: the team, members, invitations, event types, availability and bookings.
// Every write acts as the caller, so the policies alone decide what each team role may do (an admin
// who edits one in the dashboard changes these routes too); a write they refuse is a 403, or a 404
// when the caller cannot see its target. The roles are those of docs/product/permissions.md.
import {
  assignSchema,
  availabilitySchema,
  dateRangeQuerySchema,
  eventRulesSchema,
  inviteSchema,
  teamBookingSchema,
  teamCreateSchema,
  teamEventTypeSchema,
  teamSettingsSchema,
} from '../../_shared/rules/schemas.ts';
import { eventRuleColumns, teamEventTypeColumns } from '../../_shared/rules/event-types.ts';
import { book } from '../../_shared/booking/create.ts';
import { BOOKING_LISTS, inList } from '../../_shared/rules/bookings.ts';
import { TEAM_EVENT_NOT_FOUND } from '../../_shared/booking/schedule.ts';
import { fromDbError, type DbError } from '../../_shared/db/errors.ts';
import { forbidden, invalid, notFound, parseOrThrow, refused } from '../../_shared/rules/errors.ts';
import { bookingDeps } from '../../_shared/http/booking-deps.ts';
import { json } from '../../_shared/http/errors.ts';
import { idParam, readJson, uuidParam } from '../../_shared/http/request.ts';
import type { Router } from '../../_shared/http/router.ts';
import type { Caller } from '../../_shared/http/session.ts';
import { camelize, ownedColumns } from '../../_shared/db/shapes.ts';
import { ruleMessage } from '../../_shared/rules/messages.ts';
import {
  asMember,
  BOOKING_SELECT,
  bookingShape,
  callerAndBody,
  canSee,
  changedOr403,
  eventTypeShape,
  insertOne,
  NOT_ALLOWED,
  rows,
  TEAM_NOT_FOUND,
  teamIdParam,
  teamRows,
  type Row,
} from '../access.ts';
import { inviteMember, teamInvitationRoutes } from './invitations.ts';
import { replaceRules } from './availability.ts';
import { BOOKING_NOT_FOUND, changeStatus } from './bookings.ts';

const MEMBER_SELECT = 'id, team_id, user_id, role, joined_at, user:profiles(id, first_name, last_name, email, profile_image_url, title, company, location)';
const NOT_A_MEMBER = ruleMessage('selectedNotMember');

/** A team with the caller's role and its member count (team list items, docs/product/data.md). */
async function teamWithRole(caller: Caller, teamId: number, role: string | null) {
  const row = rows<Row | null>(await caller.db.from('teams').select('*, team_members(count)').eq('id', teamId).maybeSingle());
  if (!row) throw notFound(TEAM_NOT_FOUND);
  return shapeTeam(row, role);
}

function shapeTeam(row: Row, role: string | null) {
  const { team_members, ...team } = row as Row & { team_members: { count: number }[] };
  return { ...camelize<Row>(team), role, memberCount: team_members?.[0]?.count ?? 0 };
}

export function teamRoutes(router: Router) {
  router.get('/api/teams', async (ctx) => {
    const caller = await ctx.requireCaller();
    const list = rows<{ role: string; team: Row }[]>(
      await caller.db.from('team_members').select('role, team:teams(*, team_members(count))').eq('user_id', caller.id).order('joined_at'),
    );
    return json(list.filter((m) => m.team).map((m) => shapeTeam(m.team, m.role)));
  });

  router.post('/api/teams', async (ctx) => {
    const { caller, input } = await callerAndBody(ctx, teamCreateSchema);
    const values = { name: input.name, slug: input.slug, description: input.description, timezone: input.timezone, is_public: input.isPublic };
    const row = await insertOne(caller, 'teams', { ...values, owner_id: caller.id });
    return json({ ...camelize<Row>(row), role: 'owner', memberCount: 1 }, 201);
  });

  router.get('/api/teams/:teamId', async (ctx) => {
    const { caller, id, role } = await asMember(ctx);
    return json(await teamWithRole(caller, id, role));
  });

  router.patch('/api/teams/:teamId', async (ctx) => {
    const { caller, id, role } = await asMember(ctx);
    const input = parseOrThrow(teamSettingsSchema, await readJson(ctx.req));
    const changes: Row = { name: input.name, slug: input.slug, description: input.description };
    if (input.timezone !== undefined) changes.timezone = input.timezone;
    if (input.isPublic !== undefined) changes.is_public = input.isPublic;
    await changedOr403(await caller.db.from('teams').update(changes).eq('id', id).select('id'), canSee(caller.db, 'teams', { id }), TEAM_NOT_FOUND);
    return json(await teamWithRole(caller, id, role));
  });

  // Beyond docs/product/api.md: the overview cards, with this month's bookings really counted.
  router.get('/api/teams/:teamId/stats', async (ctx) => {
    const { caller, id } = await asMember(ctx);
    const [team, eventTypes, thisMonth] = await Promise.all([
      teamWithRole(caller, id, null),
      caller.db.from('event_types').select('id', { count: 'exact', head: true }).eq('team_id', id),
      caller.db.rpc('team_bookings_this_month', { p_team_id: id }),
    ]);
    return json({ memberCount: team.memberCount, eventTypeCount: eventTypes.count ?? 0, bookingsThisMonth: rows<number>(thisMonth) });
  });

  // Members --------------------------------------------------------------------------------------
  router.get('/api/teams/:teamId/members', async (ctx) => json(camelize(await teamRows(ctx, 'team_members', MEMBER_SELECT, 'joined_at', 'id'))));

  // An invitation, not a membership: the invitee joins by accepting it (invitations.ts).
  router.post('/api/teams/:teamId/members', async (ctx) => {
    const { caller, id } = await asMember(ctx);
    const input = parseOrThrow(inviteSchema, await readJson(ctx.req));
    return json(await inviteMember(caller, id, input), 201);
  });

  // Removing a member, or leaving (the caller's own id): the policy says who may remove whom.
  router.delete('/api/teams/:teamId/members/:userId', async (ctx) => {
    const { caller, id } = await asMember(ctx);
    const userId = uuidParam(ctx.params.userId, 'Member not found');
    const match = { team_id: id, user_id: userId };
    await changedOr403(await caller.db.from('team_members').delete().match(match).select('id'), canSee(caller.db, 'team_members', match), 'Member not found');
    return json({ message: 'Member removed' });
  });

  teamInvitationRoutes(router);

  // Event types ----------------------------------------------------------------------------------
  router.get('/api/teams/:teamId/event-types', async (ctx) => json((await teamRows(ctx, 'event_types', '*', 'created_at', 'id')).map(eventTypeShape)));

  router.post('/api/teams/:teamId/event-types', async (ctx) => {
    const { caller, id } = await asMember(ctx);
    const input = parseOrThrow(teamEventTypeSchema, await readJson(ctx.req));
    const result = await caller.db
      .from('event_types')
      .insert({ ...teamEventTypeColumns(input), team_id: id })
      .select('*')
      .single();
    // The specific member must belong to the team (composite foreign key).
    if (result.error?.code === '23503') throw invalid(NOT_A_MEMBER);
    return json(eventTypeShape(rows<Row>(result)), 201);
  });

  // The 'Advanced' rules of a team event type (buffers, notice, horizon, interval, limits): who may
  // change them is the update policy's to say (owners and admins).
  router.put('/api/teams/:teamId/event-types/:eventTypeId/rules', async (ctx) => {
    const { caller, id } = await asMember(ctx);
    const eventTypeId = idParam(ctx.params.eventTypeId, TEAM_EVENT_NOT_FOUND);
    const input = parseOrThrow(eventRulesSchema, await readJson(ctx.req));
    const match = { id: eventTypeId, team_id: id };
    const [row] = await changedOr403<Row>(
      await caller.db.from('event_types').update(eventRuleColumns(input)).match(match).select('*'),
      canSee(caller.db, 'event_types', match),
      TEAM_EVENT_NOT_FOUND,
    );
    return json(eventTypeShape(row));
  });

  // Availability ---------------------------------------------------------------------------------
  router.get('/api/teams/:teamId/availability', async (ctx) => json(camelize((await teamRows(ctx, 'availability_rules', '*', 'day_of_week', 'start_time')).map(ownedColumns))));

  router.put('/api/teams/:teamId/availability', async (ctx) => {
    const { caller, id } = await asMember(ctx);
    const rules = parseOrThrow(availabilitySchema, await readJson(ctx.req));
    return json(await replaceRules(caller.db, id, rules));
  });

  // Bookings -------------------------------------------------------------------------------------
  router.get('/api/teams/:teamId/bookings', async (ctx) => {
    const { caller, id } = await asMember(ctx);
    const range = parseOrThrow(dateRangeQuerySchema, Object.fromEntries(ctx.url.searchParams));
    let query = inList(caller.db.from('bookings').select(BOOKING_SELECT).eq('team_id', id), 'all', new Date());
    if (range.startDate) query = query.gte('start_time', range.startDate);
    if (range.endDate) query = query.lt('start_time', range.endDate);
    return json(rows<Row[]>(await query.order('start_time')).map(bookingShape));
  });

  router.get('/api/teams/:teamId/bookings/cancelled', async (ctx) => {
    const { caller, id } = await asMember(ctx);
    const team = caller.db.from('bookings').select(BOOKING_SELECT).eq('team_id', id);
    const list = rows<Row[]>(await inList(team, 'cancelled', new Date()).order('start_time', { ascending: BOOKING_LISTS.cancelled.ascending }));
    return json(list.map(bookingShape));
  });

  // Guests of a public team book here too (the public team page), so a session is optional.
  router.post('/api/teams/:teamId/bookings', async (ctx) => {
    const id = teamIdParam(ctx);
    const input = parseOrThrow(teamBookingSchema, await readJson(ctx.req));
    return json(await book(bookingDeps(ctx), input, { teamId: id, caller: await ctx.caller() }), 201);
  });

  router.post('/api/teams/:teamId/bookings/:bookingId/cancel', async (ctx) => {
    const { caller, id } = await asMember(ctx);
    const bookingId = idParam(ctx.params.bookingId, BOOKING_NOT_FOUND);
    return json(await changeStatus(caller.db, bookingId, 'cancelled', { team_id: id }));
  });

  router.put('/api/teams/:teamId/bookings/:bookingId/assign', async (ctx) => {
    const { caller, id } = await asMember(ctx);
    const bookingId = idParam(ctx.params.bookingId, BOOKING_NOT_FOUND);
    const { memberId } = parseOrThrow(assignSchema, await readJson(ctx.req));
    const booking = rows<Row | null>(await caller.db.from('bookings').select('id').eq('id', bookingId).eq('team_id', id).maybeSingle());
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    const member = rows<Row | null>(await caller.db.from('team_members').select('id').eq('team_id', id).eq('user_id', memberId).maybeSingle());
    if (!member) throw invalid(NOT_A_MEMBER);
    const result = await caller.db.from('bookings').update({ assigned_user_id: memberId }).eq('id', bookingId).select(BOOKING_SELECT).maybeSingle();
    if (result.error?.code === '23P01') throw refused('member_busy', 'memberBusy');
    if (result.error) throw fromDbError(result.error as DbError, BOOKING_NOT_FOUND);
    // The booking is visible (read above): the policies let this caller not change it.
    if (!result.data) throw forbidden(NOT_ALLOWED);
    return json(bookingShape(result.data as Row));
  });
}
