// Webhook endpoints and their delivery logs: a host's own (/api/webhooks) and a team's
// (/api/teams/{teamId}/webhooks, owners and admins). Every route acts as the caller, so the policies
// on webhooks decide who sees and changes what; an endpoint the caller may not manage reads as missing.
//
//   GET    /api/webhooks                      the caller's endpoints
//   POST   /api/webhooks                      {url, events, isActive?} → the endpoint and its secret (once)
//   GET    /api/teams/{teamId}/webhooks       the team's endpoints
//   POST   /api/teams/{teamId}/webhooks       as above, for the team
//   GET    /api/webhooks/{id}
//   PATCH  /api/webhooks/{id}                 {url?, events?, isActive?}
//   DELETE /api/webhooks/{id}
//   POST   /api/webhooks/{id}/rotate-secret   {overlapHours?} → {secret, previousExpiresAt}
//   POST   /api/webhooks/{id}/ping            → 202 {messageId}
//   GET    /api/webhooks/{id}/deliveries      ?limit= (newest first, at most 100)
//   POST   /api/webhooks/{id}/deliveries/{deliveryId}/resend → 202 {messageId}
import { camelize } from '../../_shared/db/shapes.ts';
import { json } from '../../_shared/http/errors.ts';
import { idParam, readJson } from '../../_shared/http/request.ts';
import type { Ctx, Router } from '../../_shared/http/router.ts';
import type { Caller } from '../../_shared/http/session.ts';
import { notFound, parseOrThrow } from '../../_shared/rules/errors.ts';
import { ruleMessage } from '../../_shared/rules/messages.ts';
import { rotateSecretSchema, webhookSchema, webhookUpdateSchema } from '../../_shared/rules/webhooks.ts';
import { rows, TEAM_NOT_FOUND, type Row } from '../access.ts';

const WEBHOOK_NOT_FOUND = ruleMessage('webhookNotFound');
const DELIVERY_NOT_FOUND = ruleMessage('deliveryNotFound');
const COLUMNS = 'id, user_id, team_id, url, events, is_active, paused_reason, paused_at, created_by, created_at, updated_at';
/** A list also names who added each endpoint, while the caller may see their profile (a team-mate). */
const LIST_COLUMNS = `${COLUMNS}, creator:profiles!webhooks_created_by_fkey(id, first_name, last_name)`;
const DELIVERY_COLUMNS = 'id, message_id, event, attempt, ok, status_code, error, error_rule, response_body, duration_ms, resend, attempted_at';
const DELIVERY_LIMIT = 100;

const webhookId = (ctx: Ctx) => idParam(ctx.params.id, WEBHOOK_NOT_FOUND);

async function list(caller: Caller, owner: { user_id: string } | { team_id: number }) {
  return json(camelize(rows<Row[]>(await caller.db.from('webhooks').select(LIST_COLUMNS).match(owner).order('created_at').order('id'))));
}

async function create(ctx: Ctx, caller: Caller, teamId: number | null) {
  const input = parseOrThrow(webhookSchema, await readJson(ctx.req));
  const created = rows<Row>(
    await caller.db.rpc('create_webhook', { p_url: input.url, p_events: input.events, p_team_id: teamId, p_is_active: input.isActive }),
  );
  const { secret, ...webhook } = created;
  return json({ ...camelize<Row>(webhook), secret }, 201);
}

/** The endpoint if the caller manages it; a 404 otherwise. */
async function visible(caller: Caller, id: number): Promise<Row> {
  const found = rows<Row | null>(await caller.db.from('webhooks').select(COLUMNS).eq('id', id).maybeSingle());
  if (!found) throw notFound(WEBHOOK_NOT_FOUND);
  return found;
}

export function webhookRoutes(router: Router) {
  router.get('/api/webhooks', async (ctx) => {
    const caller = await ctx.requireCaller();
    return list(caller, { user_id: caller.id });
  });

  router.post('/api/webhooks', async (ctx) => create(ctx, await ctx.requireCaller(), null));

  router.get('/api/teams/:teamId/webhooks', async (ctx) => list(await ctx.requireCaller(), { team_id: idParam(ctx.params.teamId, TEAM_NOT_FOUND) }));

  router.post('/api/teams/:teamId/webhooks', async (ctx) => create(ctx, await ctx.requireCaller(), idParam(ctx.params.teamId, TEAM_NOT_FOUND)));

  router.get('/api/webhooks/:id', async (ctx) => json(camelize(await visible(await ctx.requireCaller(), webhookId(ctx)))));

  router.patch('/api/webhooks/:id', async (ctx) => {
    const caller = await ctx.requireCaller();
    const id = webhookId(ctx);
    const input = parseOrThrow(webhookUpdateSchema, await readJson(ctx.req));
    const changes = { url: input.url, events: input.events, is_active: input.isActive };
    const updated = rows<Row[]>(
      await caller.db
        .from('webhooks')
        .update(Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)))
        .eq('id', id)
        .select(COLUMNS),
    );
    if (updated.length === 0) throw notFound(WEBHOOK_NOT_FOUND);
    return json(camelize(updated[0]));
  });

  router.delete('/api/webhooks/:id', async (ctx) => {
    const caller = await ctx.requireCaller();
    const deleted = rows<Row[]>(await caller.db.from('webhooks').delete().eq('id', webhookId(ctx)).select('id'));
    if (deleted.length === 0) throw notFound(WEBHOOK_NOT_FOUND);
    return json({ message: 'Webhook deleted' });
  });

  router.post('/api/webhooks/:id/rotate-secret', async (ctx) => {
    const caller = await ctx.requireCaller();
    const id = webhookId(ctx);
    const { overlapHours } = parseOrThrow(rotateSecretSchema, (await readJson(ctx.req)) ?? {});
    return json(rows<Row>(await caller.db.rpc('rotate_webhook_secret', { p_webhook_id: id, p_overlap_hours: overlapHours })));
  });

  router.post('/api/webhooks/:id/ping', async (ctx) => {
    const caller = await ctx.requireCaller();
    return json({ messageId: rows<string>(await caller.db.rpc('ping_webhook', { p_webhook_id: webhookId(ctx) })) }, 202);
  });

  router.get('/api/webhooks/:id/deliveries', async (ctx) => {
    const caller = await ctx.requireCaller();
    const id = webhookId(ctx);
    await visible(caller, id);
    const asked = Number(ctx.url.searchParams.get('limit') ?? 50);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, DELIVERY_LIMIT) : 50;
    const log = rows<Row[]>(await caller.db.from('webhook_deliveries').select(DELIVERY_COLUMNS).eq('webhook_id', id).order('id', { ascending: false }).limit(limit));
    return json(camelize(log));
  });

  router.post('/api/webhooks/:id/deliveries/:deliveryId/resend', async (ctx) => {
    const caller = await ctx.requireCaller();
    const id = webhookId(ctx);
    const deliveryId = idParam(ctx.params.deliveryId, DELIVERY_NOT_FOUND);
    // The delivery must belong to this endpoint as the path names it.
    const own = rows<Row[]>(await caller.db.from('webhook_deliveries').select('id').eq('id', deliveryId).eq('webhook_id', id));
    if (own.length === 0) throw notFound(DELIVERY_NOT_FOUND);
    return json({ messageId: rows<string>(await caller.db.rpc('resend_webhook_delivery', { p_delivery_id: deliveryId })) }, 202);
  });
}
