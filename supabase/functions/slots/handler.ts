// GET /slots?eventTypeId=|teamEventTypeId=&startDate=&endDate=&timeZone= : the bookable slots of a
// personal event type or a public team's event type, in the visitor's time zone.
// GET /slots/series?…&start=&frequency=&count= : each occurrence of a series, free or taken (docs/series.md).
import type { FunctionEnv } from '../_shared/http/env.ts';
import { createHandler, Router } from '../_shared/http/router.ts';
import { answerSeries, answerSlots } from '../_shared/http/slot-answer.ts';

export function slotsRouter(): Router {
  // Members may list slots of their private team's event types; everyone else acts as a guest.
  return new Router().get('/slots', answerSlots).get('/slots/series', answerSeries);
}

export const slotsHandler = (env: FunctionEnv) => createHandler(slotsRouter(), env);
