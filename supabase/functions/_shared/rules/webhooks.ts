// Webhooks as the product speaks of them: the events an endpoint may want, the shape of what it
// receives, how often a failing delivery is tried again, and the form of an endpoint. Pure.
import { z } from 'zod';
import type { BookingStatus } from './constants.ts';
import { ruleText } from './messages.ts';
import type { BookingLocation } from './places.ts';
import type { StoredAnswer } from './questions.ts';

/** The closed set of events (the webhooks_events_known CHECK constraint holds the same list). */
export const WEBHOOK_EVENTS = ['booking.created', 'booking.confirmed', 'booking.rejected', 'booking.cancelled', 'booking.rescheduled', 'ping'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'booking.created': 'Booking created',
  'booking.confirmed': 'Booking confirmed',
  'booking.rejected': 'Booking rejected',
  'booking.cancelled': 'Booking cancelled',
  'booking.rescheduled': 'Booking rescheduled',
  ping: 'Ping (test event)',
};

/** Attempts of one message, the first included (the outbox rows' max_attempts). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** The last attempt comes this long after the first; after it fails the endpoint is paused. */
export const WEBHOOK_RETRY_WINDOW_S = 24 * 60 * 60;
/** Each attempt waits this long for the endpoint's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The delivery log keeps this much of each answer's body. */
export const WEBHOOK_RESPONSE_KEPT_BYTES = 1024;
/** How long the previous secret keeps signing after a rotation, unless the rotation says otherwise. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
export const WEBHOOK_SECRET_OVERLAP_CHOICES = [0, 1, 24, 72] as const;

const FIRST_RETRY_S = 30;
const GROWTH = 4;

/**
 * Seconds to wait after failed attempt `attempt` (1-based): 30 s, 2 min, 8 min, 32 min, 2 h 8 min,
 * 8 h 32 min (each four times the last), then the wait that puts the last attempt 24 hours after the
 * first. Null when no attempt is left.
 */
export function webhookRetryDelay(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt >= WEBHOOK_MAX_ATTEMPTS) return null;
  const planned = FIRST_RETRY_S * GROWTH ** (attempt - 1);
  if (attempt < WEBHOOK_MAX_ATTEMPTS - 1) return planned;
  let elapsed = 0;
  for (let a = 1; a < attempt; a++) elapsed += FIRST_RETRY_S * GROWTH ** (a - 1);
  return WEBHOOK_RETRY_WINDOW_S - elapsed;
}

/** The first `maxBytes` bytes of a text as UTF-8, never cutting a character in two. */
export function truncateUtf8(text: string, maxBytes = WEBHOOK_RESPONSE_KEPT_BYTES): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  // Back up over continuation bytes (10xxxxxx) to the start of the character that does not fit.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return new TextDecoder().decode(bytes.subarray(0, end));
}

// -- what an endpoint receives --------------------------------------------------------------------

interface BookingRef {
  id: number;
  uid: string;
  startTime: string;
  endTime: string;
}

/** `data` of every booking.* event (private.booking_webhook_data). Times are UTC, ending in 'Z'. */
export interface BookingEventData extends BookingRef {
  status: BookingStatus;
  createdAt: string;
  eventType: { id: number; kind: 'personal' | 'team'; title: string; duration: number };
  /** The host of a personal booking. */
  host: { id: string; name: string; email: string; timeZone: string } | null;
  /** The team of a team booking. */
  team: { id: number; name: string; slug: string } | null;
  assignedMember: { id: string; name: string; email: string } | null;
  guest: { name: string; email: string; phone: string | null; company: string | null; notes: string | null; timeZone: string | null };
  cancelledBy: 'host' | 'guest' | null;
  cancellationReason: string | null;
  /** Where to meet (null: the event type names no place). */
  location: BookingLocation | null;
  /** The guest's answers to the event type's questions, each with the label and type it was asked under. */
  answers: StoredAnswer[];
  rescheduledFrom: BookingRef | null;
  rescheduledTo: BookingRef | null;
}

export interface PingData {
  webhookId: number;
  message: string;
}

/** The JSON body of a delivery (Standard Webhooks: type, timestamp, data). */
export type WebhookBody =
  | { type: Exclude<WebhookEvent, 'ping'>; timestamp: string; data: BookingEventData }
  | { type: 'ping'; timestamp: string; data: PingData };

// -- the form of an endpoint -----------------------------------------------------------------------

const WEBHOOK_URL_MESSAGE = ruleText('webhookUrl');
/** Plain http is for servers on this machine only (a local stack and its tests). */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

export function isWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || !url.hostname) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname));
}

const webhookUrl = z.string({ error: WEBHOOK_URL_MESSAGE }).trim().max(2000, ruleText('textMax', { max: 2000 })).refine(isWebhookUrl, WEBHOOK_URL_MESSAGE);
const WEBHOOK_EVENTS_MESSAGE = ruleText('webhookEvents');
const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { error: ruleText('webhookEvent') }), { error: WEBHOOK_EVENTS_MESSAGE })
  .min(1, WEBHOOK_EVENTS_MESSAGE)
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

/** POST /api/webhooks (and a team's): the endpoint's address, its events, and whether it starts active. */
export const webhookSchema = z.object({
  url: webhookUrl,
  events: webhookEvents,
  isActive: z.boolean().default(true),
});
export type WebhookInput = z.input<typeof webhookSchema>;
export type WebhookValues = z.output<typeof webhookSchema>;

/** PATCH /api/webhooks/{id}: any of the fields. */
export const webhookUpdateSchema = z
  .object({ url: webhookUrl, events: webhookEvents, isActive: z.boolean({ error: ruleText('activeFlag') }) })
  .partial()
  .refine((v) => Object.keys(v).length > 0, ruleText('nothingToChange'));

/** POST /api/webhooks/{id}/rotate-secret. */
export const rotateSecretSchema = z.object({
  overlapHours: z
    .number({ error: ruleText('secretOverlap') })
    .refine((v) => (WEBHOOK_SECRET_OVERLAP_CHOICES as readonly number[]).includes(v), ruleText('secretOverlap'))
    .default(WEBHOOK_SECRET_OVERLAP_HOURS),
});
