// Phoenix channel frames as Supabase Realtime speaks them. vsn 1.0.0 sends JSON objects; vsn 2.0.0
// (realtime-js's default) sends JSON arrays `[join_ref, ref, topic, event, payload]`, and user
// broadcasts as binary frames: kind 3 from the client (a push), kind 4 to the client.

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  /** What the client sent; handlers read it by the shapes below. */
  payload: unknown;
}

/** The payload of phx_join, as realtime-js sends it. */
export interface JoinPayload {
  access_token?: string;
  config?: {
    private?: boolean;
    broadcast?: { self?: boolean; ack?: boolean; replay?: { since?: unknown; limit?: number } };
    presence?: { key?: string; enabled?: boolean };
    postgres_changes?: unknown[];
  };
}

/** A broadcast or presence push: `{type, event, payload}`, plus `persist` / `binary` for broadcasts. */
export interface PushPayload {
  event?: string;
  payload?: unknown;
  persist?: unknown;
  binary?: boolean;
  access_token?: string;
}

/** A broadcast as channels see it: user event, JSON or binary payload, and metadata. */
export interface Broadcast {
  event: string;
  payload: unknown;
  /** Set when the payload is raw bytes (binary broadcast). */
  binary?: Uint8Array;
  meta?: Record<string, unknown>;
}

const KIND_PUSH = 3;
const KIND_BROADCAST = 4;
const BINARY = 0;
const JSON_ENCODING = 1;

export function decodeFrame(data: Buffer | string, isBinary: boolean, vsn: Vsn): Frame {
  if (isBinary) return decodeBinaryPush(Buffer.isBuffer(data) ? data : Buffer.from(data));
  const parsed = JSON.parse(data.toString());
  if (vsn === '1.0.0') {
    return { joinRef: parsed.join_ref ?? null, ref: parsed.ref ?? null, topic: parsed.topic, event: parsed.event, payload: parsed.payload };
  }
  const [joinRef, ref, topic, event, payload] = parsed;
  return { joinRef, ref, topic, event, payload };
}

/** A client's binary broadcast push: header lengths, then join_ref, ref, topic, event, metadata, payload. */
function decodeBinaryPush(buf: Buffer): Frame {
  if (buf[0] !== KIND_PUSH) throw new Error(`unknown binary frame kind ${buf[0]}`);
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [buf[1], buf[2], buf[3], buf[4], buf[5], buf[6]];
  let offset = 7;
  const take = (n: number) => {
    const s = buf.subarray(offset, offset + n).toString('utf8');
    offset += n;
    return s;
  };
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  const meta = take(metaLen);
  const body = buf.subarray(offset);
  const payload: Record<string, unknown> = {
    type: 'broadcast',
    event,
    payload: encoding === JSON_ENCODING ? JSON.parse(body.toString('utf8')) : new Uint8Array(body),
    ...(meta ? JSON.parse(meta) : {}),
  };
  if (encoding !== JSON_ENCODING) payload.binary = true;
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload };
}

export function encodeFrame(frame: Frame, vsn: Vsn): string {
  if (vsn === '1.0.0') {
    return JSON.stringify({ topic: frame.topic, event: frame.event, payload: frame.payload, ref: frame.ref, join_ref: frame.joinRef });
  }
  return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
}

/** A broadcast to one client: a kind-4 binary frame on vsn 2.0.0, a JSON frame on 1.0.0. */
export function encodeBroadcast(topic: string, b: Broadcast, vsn: Vsn): string | Buffer | undefined {
  if (vsn === '1.0.0') {
    // vsn 1.0.0 cannot carry bytes; hosted Realtime does not deliver binary broadcasts to it either.
    if (b.binary) return undefined;
    const payload = { type: 'broadcast', event: b.event, payload: b.payload, ...(b.meta ? { meta: b.meta } : {}) };
    return encodeFrame({ joinRef: null, ref: null, topic, event: 'broadcast', payload }, vsn);
  }
  const topicBytes = Buffer.from(topic);
  const eventBytes = Buffer.from(b.event);
  const metaBytes = Buffer.from(b.meta ? JSON.stringify(b.meta) : '');
  const body = b.binary ? Buffer.from(b.binary) : Buffer.from(JSON.stringify(b.payload ?? {}));
  const header = Buffer.from([KIND_BROADCAST, topicBytes.length, eventBytes.length, metaBytes.length, b.binary ? BINARY : JSON_ENCODING]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, body]);
}
