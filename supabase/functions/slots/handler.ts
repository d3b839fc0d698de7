// GET /slots?eventTypeId=|teamEventTypeId=&startDate=&endDate=&timeZone= : the bookable slots of a
// personal event type or a public team's event type, in the visitor's time zone.
import type { FunctionEnv } from '../_shared/http/env.ts';
import { createHandler, Router } from '../_shared/http/router.ts';
import { answerSlots } from '../_shared/http/slot-answer.ts';

export function slotsRouter(): Router {
  // Members may list slots of their private team's event types; everyone else acts as a guest.
  return new Router().get('/slots', answerSlots);
}

export const slotsHandler = (env: FunctionEnv) => createHandler(slotsRouter(), env);
