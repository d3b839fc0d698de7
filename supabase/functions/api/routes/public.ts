// What signed-out visitors read: the directory, public profiles (by id or handle), their event types,
// availability and busy times, one event type for /book/{id}, public teams, and slots.
import { dateRangeQuerySchema } from '../../_shared/rules/schemas.ts';
import { parseOrThrow } from '../../_shared/rules/errors.ts';
import { ruleMessage } from '../../_shared/rules/messages.ts';
import { EVENT_NOT_FOUND } from '../../_shared/booking/schedule.ts';
import { json } from '../../_shared/http/errors.ts';
import { idParam, uuidParam } from '../../_shared/http/request.ts';
import type { Ctx, Router } from '../../_shared/http/router.ts';
import { camelize, eventTypeColumnsOf } from '../../_shared/db/shapes.ts';
import { answerSlots } from '../../_shared/http/slot-answer.ts';
import { MAX_HORIZON_DAYS } from '../../_shared/rules/constants.ts';
import { DAY_MS } from '../../_shared/rules/time.ts';
import { firstOr404, publicDb, rows, type Row } from '../access.ts';

const USER_NOT_FOUND = ruleMessage('calendarMissing');
const TEAM_NOT_FOUND = ruleMessage('teamNotPublic');
/** The host card of the booking page: the same fields public_event_type gives guests. */
const HOST_COLUMNS = 'id, handle, first_name, last_name, profile_image_url, timezone, title, company';

/** A visible host's profile by id or by handle. */
async function publicProfile(ctx: Ctx, by: { p_user_id: string } | { p_handle: string }) {
  return camelize<Row>(firstOr404(await publicDb(ctx).rpc('public_profile', by), USER_NOT_FOUND));
}

/** Whose public event types or hours: a visible host's, or a public team's (its slug). */
type PublicOwner = { p_user_id: string } | { p_team_slug: string };

async function eventTypesOf(ctx: Ctx, owner: PublicOwner) {
  return camelize((rows<Row[] | null>(await publicDb(ctx).rpc('public_event_types', owner)) ?? []).map(eventTypeColumnsOf));
}

async function availabilityOf(ctx: Ctx, owner: PublicOwner) {
  return camelize(rows(await publicDb(ctx).rpc('public_availability', owner)) ?? []);
}

/**
 * Busy times of a host: guests never see booking details, so each item is an interval with a
 * positional id and the status 'busy'.
 */
async function busyOf(ctx: Ctx, userId: string) {
  const range = parseOrThrow(dateRangeQuerySchema, Object.fromEntries(ctx.url.searchParams));
  const from = range.startDate ?? new Date().toISOString();
  const to = range.endDate ?? new Date(Date.parse(from) + MAX_HORIZON_DAYS * DAY_MS).toISOString();
  const list = rows<{ start_time: string; end_time: string }[] | null>(
    await publicDb(ctx).rpc('public_busy', { p_user_ids: [userId], p_from: from, p_to: to }),
  );
  return (list ?? []).map((b, i) => ({ id: i + 1, startTime: b.start_time, endTime: b.end_time, status: 'busy' }));
}

export function publicRoutes(router: Router) {
  router.get('/api/social/profiles', async (ctx) => json(camelize(rows(await publicDb(ctx).rpc('directory_profiles')) ?? [])));

  router.get('/api/handle/check/:handle', async (ctx) => {
    // As the caller when signed in, so their own current handle counts as available.
    const db = (await ctx.caller())?.db ?? publicDb(ctx);
    return json(rows(await db.rpc('check_handle', { p_handle: ctx.params.handle })));
  });
  router.get('/api/handle/:handle', async (ctx) => json(await publicProfile(ctx, { p_handle: ctx.params.handle })));
  router.get('/api/handle/:handle/event-types', async (ctx) =>
    json(await eventTypesOf(ctx, { p_user_id: String((await publicProfile(ctx, { p_handle: ctx.params.handle })).id) })),
  );
  router.get('/api/handle/:handle/availability', async (ctx) =>
    json(await availabilityOf(ctx, { p_user_id: String((await publicProfile(ctx, { p_handle: ctx.params.handle })).id) })),
  );

  router.get('/api/users/:userId/profile', async (ctx) => json(await publicProfile(ctx, { p_user_id: uuidParam(ctx.params.userId, USER_NOT_FOUND) })));
  router.get('/api/users/:userId/event-types', async (ctx) => json(await eventTypesOf(ctx, { p_user_id: uuidParam(ctx.params.userId, USER_NOT_FOUND) })));
  router.get('/api/users/:userId/availability', async (ctx) => json(await availabilityOf(ctx, { p_user_id: uuidParam(ctx.params.userId, USER_NOT_FOUND) })));
  router.get('/api/users/:userId/bookings', async (ctx) => json(await busyOf(ctx, uuidParam(ctx.params.userId, USER_NOT_FOUND))));

  // The host sees their own event type even when inactive; everyone else only active ones, with the host's card.
  router.get('/api/event-types/:id', async (ctx) => {
    const id = idParam(ctx.params.id, EVENT_NOT_FOUND);
    const caller = await ctx.caller();
    if (caller) {
      const own = rows<Row | null>(
        await caller.db.from('event_types').select(`*, host:profiles(${HOST_COLUMNS})`).match({ id, user_id: caller.id }).maybeSingle(),
      );
      if (own) return json(camelize(eventTypeColumnsOf(own)));
    }
    const row = firstOr404<Row>(await publicDb(ctx).rpc('public_event_type', { p_event_type_id: id }), EVENT_NOT_FOUND);
    const eventType: Row = {};
    const host: Row = { id: row.user_id };
    for (const [k, v] of Object.entries(row)) {
      if (k.startsWith('host_')) host[k.slice(5)] = v;
      else eventType[k] = v;
    }
    return json({ ...camelize<Row>(eventType), isActive: true, host: camelize(host) });
  });

  router.get('/api/teams/public/:slug', async (ctx) =>
    json({ ...camelize<Row>(firstOr404(await publicDb(ctx).rpc('public_team', { p_slug: ctx.params.slug }), TEAM_NOT_FOUND)), isPublic: true }),
  );
  router.get('/api/teams/public/:slug/event-types', async (ctx) => {
    firstOr404(await publicDb(ctx).rpc('public_team', { p_slug: ctx.params.slug }), TEAM_NOT_FOUND);
    return json(await eventTypesOf(ctx, { p_team_slug: ctx.params.slug }));
  });
  // Beyond docs/product/api.md, but the public team page shows members and the booking dialog its hours.
  router.get('/api/teams/public/:slug/members', async (ctx) => {
    firstOr404(await publicDb(ctx).rpc('public_team', { p_slug: ctx.params.slug }), TEAM_NOT_FOUND);
    const list = rows<Row[] | null>(await publicDb(ctx).rpc('public_team_members', { p_slug: ctx.params.slug })) ?? [];
    return json(
      list.map(({ user_id, role, joined_at, ...card }) => ({ userId: user_id, role, joinedAt: joined_at, user: { id: user_id, ...camelize<Row>(card) } })),
    );
  });
  router.get('/api/teams/public/:slug/availability', async (ctx) => {
    firstOr404(await publicDb(ctx).rpc('public_team', { p_slug: ctx.params.slug }), TEAM_NOT_FOUND);
    return json(await availabilityOf(ctx, { p_team_slug: ctx.params.slug }));
  });

  router.get('/api/slots', answerSlots);
}
