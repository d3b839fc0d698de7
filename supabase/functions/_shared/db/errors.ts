// Database failures a caller can cause, named by code; anything else stays an unexpected error (a 500
// whose details stay in the log). Also the one helper that turns a supabase-js result into its value.
import { AppError, failure, forbidden, invalid, notFound, refused, slotTaken, unavailable, type Worded } from '../rules/errors.ts';
import { isRuleId, ruleMessage, type RuleMessage } from '../rules/messages.ts';
import { refusalOf } from '../rules/refusals.ts';

/** A PostgREST / Postgres error as seen by supabase-js. */
export interface DbError {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

/** The rule a refusal of our own SQL names (rules/refusals.ts); a refusal of Postgres itself names none. */
function dbRule(error: DbError): RuleMessage | undefined {
  const named = refusalOf(error.hint, error.details);
  return named && isRuleId(named.id) ? (named as RuleMessage) : undefined;
}

export function fromDbError(error: DbError, notFoundMessage?: Worded): AppError | Error {
  const rule = dbRule(error);
  switch (error.code) {
    case '23P01': // exclusion_violation: the busy interval is taken
      return slotTaken();
    case '23505': // unique_violation
      return rule ? failure(rule.id === 'personAlreadyMember' ? 'already_member' : 'already_exists', rule) : uniqueError(error);
    case '23503': // foreign_key_violation
      return notFound(notFoundMessage);
    case '22023': // invalid_parameter_value raised by our triggers and RPCs: written for the caller
    case 'P0001': // raise exception from an RPC
      return invalid(rule ?? error.message);
    case '23502': // not_null_violation
    case '23514': // check_violation: the schemas mirror the constraints, so this is a rare edge
      return invalid(ruleMessage('invalidValue'));
    case '42501': // insufficient_privilege: RLS refused the write
    case 'PGRST301':
      return forbidden(rule);
    case 'PGRST116': // .single() found no row (RLS hides it or it does not exist)
      return notFound(notFoundMessage);
    case 'KR001': // a guest change inside the host's notice (guest_cancel_booking, guest_reschedule_booking)
      return refused('change_too_late', 'changeTooLate');
    case 'KR003': // a guest change past its link's or its address's budget (private.take_guest_change)
      return failure('rate_limited', rule ?? ruleMessage('tooManyBookings'));
    case 'KR004': // every seat of a group slot is taken (private.take_seat): as a taken time, in its own words
      return failure('slot_taken', rule ?? ruleMessage('slotFull'));
    case 'KR002': // an invitation accepted without proof that the account reads its address (accept_team_invitation)
      return rule ? failure('email_unproven', rule) : new AppError('email_unproven', error.message);
    case 'P0002': // no_data_found raised by an RPC, which names what was not found
      return notFound(rule ?? notFoundMessage);
    case 'PGRST000': // PostgREST cannot reach the database (down or restarting)
    case 'PGRST001':
    case 'PGRST002': // schema cache not loaded yet
    case 'PGRST003': // no pooled connection free in time
    case '57P01': // admin_shutdown: the database is restarting
    case '57P03': // cannot_connect_now
    case '57014': // query_canceled: a statement timeout on a database under load; nothing was written
      return unavailable();
    default:
      // Any other data exception (class 22, e.g. a NUL character) or request PostgREST could not parse
      // (PGRST1xx) comes from what the client sent.
      if (error.code?.startsWith('22') || error.code?.startsWith('PGRST1')) return invalid();
      return new Error(`database error ${error.code ?? ''}: ${error.message}`);
  }
}

function uniqueError(error: DbError): AppError {
  const text = `${error.message} ${error.details ?? ''}`;
  if (text.includes('handle')) return refused('handle_taken', 'handleTaken');
  if (text.includes('slug')) return refused('slug_taken', 'slugTaken');
  if (text.includes('team_members') || text.includes('team_id, user_id')) return refused('already_member', 'userAlreadyMember');
  return refused('already_exists', 'alreadyExists');
}

/** Unwraps a supabase-js result, turning its error into the matching AppError. */
export function unwrap<T>(result: { data: T | null; error: DbError | null }, notFoundMessage?: Worded): T {
  if (result.error) throw fromDbError(result.error, notFoundMessage);
  if (result.data === null) throw notFound(notFoundMessage);
  return result.data;
}
