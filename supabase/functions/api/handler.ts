// The /api compatibility routes of docs/product/api.md, one module per area.
import type { FunctionEnv } from '../_shared/http/env.ts';
import { createHandler, Router } from '../_shared/http/router.ts';
import { authRoutes } from './routes/auth.ts';
import { availabilityRoutes } from './routes/availability.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { dateOverrideRoutes } from './routes/date-overrides.ts';
import { eventTypeRoutes } from './routes/event-types.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { manageRoutes } from './routes/manage.ts';
import { profileRoutes } from './routes/profile.ts';
import { publicRoutes } from './routes/public.ts';
import { teamRoutes } from './routes/teams.ts';
import { timeOffRoutes } from './routes/time-off.ts';
import { webhookRoutes } from './routes/webhooks.ts';

export function apiRouter(): Router {
  const router = new Router();
  authRoutes(router);
  profileRoutes(router);
  // Public routes come before the team routes: /api/teams/public/{slug} must not read as a team id.
  publicRoutes(router);
  eventTypeRoutes(router);
  availabilityRoutes(router);
  dateOverrideRoutes(router);
  timeOffRoutes(router);
  bookingRoutes(router);
  manageRoutes(router);
  teamRoutes(router);
  invitationRoutes(router);
  webhookRoutes(router);
  return router;
}

export const apiHandler = (env: FunctionEnv) => createHandler(apiRouter(), env);
