// Reading what a request carries: JSON bodies, numeric ids and the slots query, with 400s instead of exceptions.
import { invalid, notFound, parseOrThrow, refused, type Worded } from '../rules/errors.ts';
import { ruleMessage } from '../rules/messages.ts';
import { seriesQuerySchema, slotsQuerySchema, type SeriesQuery, type SlotsQuery } from '../rules/schemas.ts';

/** No form of the api comes near this; anything larger is refused before it is held in memory. */
const MAX_JSON_BYTES = 1_000_000;
const TOO_LARGE = () => refused('payload_too_large', 'payloadTooLarge');

/**
 * Past this, a refused body is no longer read to its end. The Edge Runtime's Deno (2.1) closes a
 * connection that still holds unread request bytes with a reset, which can destroy the 413 before the
 * client reads it; reading (and dropping) the rest first lets the answer arrive.
 */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/** Reads the rest of a refused body without keeping it, up to MAX_DRAINED_BYTES, then refuses it. */
async function refuse(reader: ReadableStreamDefaultReader<Uint8Array>, read: number): Promise<never> {
  for (let size = read; size <= MAX_DRAINED_BYTES; ) {
    const { done, value } = await reader.read();
    if (done) throw TOO_LARGE();
    size += value.byteLength;
  }
  await reader.cancel();
  throw TOO_LARGE();
}

/** The body as text, refused with 413 once it passes MAX_JSON_BYTES (nothing past that is kept). */
async function readCapped(req: Request): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  if (Number(req.headers.get('content-length') ?? 0) > MAX_JSON_BYTES) return refuse(reader, 0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BYTES) return refuse(reader, size);
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** application/json, or a `+json` type: what a form or a simple cross-site fetch cannot send. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * The JSON body, or undefined when there is none. Malformed JSON is a 400, an oversized body a 413,
 * and a body not labelled as JSON a 415: text/plain is what another site's form or simple fetch can
 * send without the browser asking first, so a JSON route never reads it.
 */
export async function readJson(req: Request): Promise<unknown> {
  const text = await readCapped(req);
  if (!text.trim()) return undefined;
  if (!JSON_TYPE.test(req.headers.get('content-type') ?? '')) {
    throw refused('unsupported_media_type', 'jsonOnly');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(ruleMessage('invalidJson'));
  }
}

/** A numeric (bigint identity) id from the path; anything else cannot exist, so it is a 404. */
export function idParam(value: string | undefined, what?: Worded): number {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) throw notFound(what);
  const id = Number(value);
  if (!Number.isSafeInteger(id)) throw notFound(what);
  return id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id (uuid) from the path; anything else cannot exist, so it is a 404. */
export function uuidParam(value: string | undefined, what?: Worded): string {
  if (!value || !UUID.test(value)) throw notFound(what);
  return value.toLowerCase();
}

/** The slots query of GET /slots and /api/slots; `from`, `to` and `timezone` are accepted as aliases. */
export function slotsQuery(url: URL): SlotsQuery {
  const q = url.searchParams;
  const pick = (...names: string[]) => names.map((n) => q.get(n)).find((v) => v !== null && v !== '') ?? undefined;
  return parseOrThrow(slotsQuerySchema, {
    eventTypeId: pick('eventTypeId'),
    teamEventTypeId: pick('teamEventTypeId'),
    startDate: pick('startDate', 'from'),
    endDate: pick('endDate', 'to'),
    timeZone: pick('timeZone', 'timezone'),
  });
}

/** GET /slots/series's query (rules/schemas.ts). */
export function seriesQuery(url: URL): SeriesQuery {
  const q = url.searchParams;
  const pick = (name: string) => q.get(name) || undefined;
  return parseOrThrow(seriesQuerySchema, {
    eventTypeId: pick('eventTypeId'),
    teamEventTypeId: pick('teamEventTypeId'),
    start: pick('start'),
    frequency: pick('frequency'),
    count: pick('count'),
    timeZone: pick('timeZone'),
  });
}
