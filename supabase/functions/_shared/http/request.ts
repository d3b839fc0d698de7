// Reading what a request carries: JSON bodies and numeric ids, with 400s instead of exceptions.
import { badRequest, notFound } from './errors.ts';

const MAX_JSON_BYTES = 1_000_000;

/** The JSON body, or undefined when there is none. Malformed JSON is a 400. */
export async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.length > MAX_JSON_BYTES) throw badRequest('Request body too large');
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Invalid JSON body');
  }
}

/** A numeric (bigint identity) id from the path; anything else cannot exist, so it is a 404. */
export function idParam(value: string | undefined, what = 'Not found'): number {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) throw notFound(what);
  const id = Number(value);
  if (!Number.isSafeInteger(id)) throw notFound(what);
  return id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id (uuid) from the path; anything else cannot exist, so it is a 404. */
export function uuidParam(value: string | undefined, what = 'Not found'): string {
  if (!value || !UUID.test(value)) throw notFound(what);
  return value.toLowerCase();
}
