// The guest form's schema: the shared guest fields, in the page's or the dialog's words. Loaded as a
// guest starts on the form (useBookingFlow.ts), so zod is not part of a booking page's load.
import { z } from 'zod/mini';
import {
  answersSchema,
  askedGuestFields,
  attendeesSchema,
  e164Phone,
  fieldRule,
  guestFields,
  issueRule,
  PHONE_RULE,
  ruleMessage,
  type Answers,
  type GuestFieldsConfig,
  type Question,
  type RuleMessage,
} from '../../lib/shared.ts';
import type { LocationKind } from '../../lib/places.ts';
import type { GuestErrors, GuestField, GuestInput } from './guestWords.ts';

/** What each guest field says at the field when it is wrong (the toast keeps the form's own words, MESSAGES). */
const FIELD_RULES = { name: ruleMessage('name'), missingEmail: ruleMessage('missingEmail'), invalidEmail: ruleMessage('invalidEmail') };

type Issue = { message: string; params?: Record<string, unknown> };
/** An issue of the shared rules by id; every check of theirs names one (a type fault of a text the form never sends: its field's). */
const ruleOf = (issue: Issue, read: (issue: Issue) => RuleMessage | null, otherwise: RuleMessage) => read(issue) ?? otherwise;

/**
 * docs/product/validation.md (public booking form): name and email required. Each field names its own
 * fault (an empty name, an email such as "grace@"); the form's one message, worded as the page or the
 * dialog words it, is its toast (useBookingFlow.ts).
 */
export function guestSchema() {
  return z.object(guestFields(FIELD_RULES));
}

export type GuestValues = z.output<ReturnType<typeof guestSchema>>;

// The form's own shape of the guest's details is the schema's input, field for field.
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : never) : never;
const guestInputFits: SameKeys<GuestInput, z.input<ReturnType<typeof guestSchema>>> = true;
void guestInputFits;

/** What the rules say of the guest's details: the values to send, or a message per invalid field. */
export type GuestCheck = { values: GuestValues } | { errors: GuestErrors };

/**
 * The guest's details checked: the values to send, or each invalid field's first message. When the
 * host calls the guest (`place`), the phone is required and must be a real number (rules/phone.ts),
 * sent in E.164. Phone, company and notes are asked as the host set them (`fields`, rules/questions.ts).
 */
export function guestCheck(): (values: GuestInput, place: LocationKind | null, fields: GuestFieldsConfig) => GuestCheck {
  const schema = guestSchema();
  return (values, place, fields) => {
    const result = schema.safeParse(values);
    const errors: GuestErrors = {};
    if (!result.success) for (const issue of result.error.issues) errors[issue.path[0] as GuestField] ??= ruleOf(issue, issueRule, FIELD_RULES.name);
    const phone = place === 'phone_host_calls' ? e164Phone(values.guestPhone) : null;
    if (place === 'phone_host_calls' && !phone) errors.guestPhone ??= PHONE_RULE;
    const asked = askedGuestFields(fields, result.success ? result.data : values, place === 'phone_host_calls');
    if ('errors' in asked) for (const [field, message] of Object.entries(asked.errors)) errors[field as GuestField] ??= message;
    if (!result.success || Object.keys(errors).length) return { errors };
    const checked = (asked as { values: GuestValues }).values;
    return { values: phone ? { ...checked, guestPhone: phone } : checked };
  };
}

/**
 * What the rules say of the guest's answers: the values to send, or the first message per question (or
 * unknown key) as its field shows it, with `message`, the first fault naming its question (a toast's words).
 */
export type AnswersCheck = { values: Answers } | { errors: Record<string, RuleMessage>; message: RuleMessage };

/** The guest's answers to the event type's questions, checked by the schema the booking functions check them with. */
export function answersCheck(questions: readonly Question[]): (given: Record<string, unknown>) => AnswersCheck {
  const schema = answersSchema(questions);
  return (given) => {
    const result = schema.safeParse(given);
    if (result.success) return { values: result.data };
    const errors: Record<string, RuleMessage> = {};
    for (const issue of result.error.issues) errors[String(issue.path[0])] ??= ruleOf(issue, fieldRule, ruleMessage('unanswered'));
    return { errors, message: ruleOf(result.error.issues[0]!, issueRule, ruleMessage('unanswered')) };
  };
}

/**
 * What the rules say of the people the guest invites: the addresses to send, or a message per field
 * (by index; `list` for the list as a whole) with `message`, the first fault naming the field (a toast's words).
 */
export type InviteesCheck = { values: string[] } | { errors: Record<number, RuleMessage>; list?: RuleMessage; message: RuleMessage };

/** The people the guest invites, checked by the rule the booking functions check them with (rules/attendees.ts). */
export function inviteesCheck(max: number): (given: string[], guestEmail: string) => InviteesCheck {
  return (given, guestEmail) => {
    const result = attendeesSchema(max, guestEmail).safeParse(given);
    if (result.success) return { values: result.data };
    const errors: Record<number, RuleMessage> = {};
    let list: RuleMessage | undefined;
    for (const issue of result.error.issues) {
      const field = ruleOf(issue, fieldRule, ruleMessage('guestsList'));
      if (issue.path.length) errors[Number(issue.path[0])] ??= field;
      else list ??= field;
    }
    return { errors, list, message: ruleOf(result.error.issues[0]!, issueRule, ruleMessage('guestsList')) };
  };
}
