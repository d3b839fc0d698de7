// A Realtime service that @supabase/realtime-js talks to unchanged: Phoenix channels over WebSocket
// (join, heartbeat, broadcast, presence, access_token, leave), private channels authorised by RLS on
// realtime.messages, Broadcast Replay, Broadcast from Database (logical replication) and the REST
// broadcast endpoints. Behind the gateway at /realtime/v1, like hosted Realtime.
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import { dbUrl, type StackConfig } from '../config.ts';
import { ensureMessagePartitions } from './partitions.ts';
import { canRead, canWrite, persist, replay, type Caller, type Extension } from './policies.ts';
import { decodeFrame, encodeBroadcast, encodeFrame, type Broadcast, type Frame, type JoinPayload, type PushPayload, type Vsn } from './protocol.ts';
import { startReplication, type MessageRow, type Replication } from './replication.ts';

interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  /** The apikey of the socket URL: the token of channels that send none. */
  apikey: string | undefined;
  channels: Map<string, Subscription>;
}

interface Subscription {
  conn: Connection;
  /** `realtime:<name>`, as the client names it. */
  topic: string;
  /** The channel name policies and database messages use. */
  name: string;
  joinRef: string | null;
  private: boolean;
  caller: Caller;
  read: Record<Extension, boolean>;
  write: Map<Extension, Promise<boolean>>;
  self: boolean;
  presenceKey: string;
  tracked?: Record<string, unknown>;
  /** Broadcasts that arrived while the join was being answered, sent right after the reply. */
  pending: Broadcast[] | null;
  /** Ids already sent (replayed or live), when the channel asked for a replay. */
  seen?: Set<string>;
}

const channelKey = (isPrivate: boolean, name: string) => `${isPrivate ? 'private' : 'public'}:${name}`;
const TOPIC_PREFIX = 'realtime:';

class JoinError extends Error {}

export interface RealtimeService {
  server: http.Server;
  stop(): Promise<void>;
}

export function createRealtimeService(config: StackConfig, log: (m: string) => void): RealtimeService {
  const secret = new TextEncoder().encode(config.jwtSecret);
  // Hosted (self-hosted) Realtime connects as supabase_admin: it inserts authorization probes and
  // reads messages for replay, and it owns the replication slot.
  const pool = new pg.Pool({ connectionString: dbUrl(config, 'supabase_admin'), max: 5 });
  pool.on('error', (e) => log(`realtime: pool: ${e.message}`));
  const channels = new Map<string, Set<Subscription>>();
  const connections = new Set<Connection>();

  const send = (conn: Connection, data: string | Buffer | undefined) => {
    if (data !== undefined && conn.ws.readyState === conn.ws.OPEN) conn.ws.send(data);
  };
  const push = (conn: Connection, frame: Frame) => send(conn, encodeFrame(frame, conn.vsn));
  const reply = (conn: Connection, f: Frame, status: 'ok' | 'error', response: unknown = {}) =>
    push(conn, { joinRef: f.joinRef, ref: f.ref, topic: f.topic, event: 'phx_reply', payload: { status, response } });

  async function verify(token: string | undefined): Promise<Caller> {
    if (!token) throw new JoinError('InvalidJWTToken: No access token was provided');
    let claims: Record<string, unknown>;
    try {
      claims = (await jwtVerify(token, secret, { clockTolerance: 0 })).payload as Record<string, unknown>;
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'ERR_JWT_EXPIRED') throw new JoinError('InvalidJWTToken: Token has expired');
      throw new JoinError('JwtSignatureError: Failed to validate JWT signature');
    }
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
      throw new JoinError('InvalidJWTToken: Fields `role` and `exp` are required in JWT');
    }
    return { role: claims.role, sub: typeof claims.sub === 'string' ? claims.sub : null, claims };
  }

  /** Sends a broadcast to every subscriber of a channel allowed to read it. */
  function deliver(isPrivate: boolean, name: string, b: Broadcast, from?: Subscription) {
    for (const sub of channels.get(channelKey(isPrivate, name)) ?? []) {
      if (sub === from && !sub.self) continue;
      if (sub.private && !sub.read.broadcast) continue;
      const id = b.meta?.id as string | undefined;
      if (id && sub.seen) {
        if (sub.seen.has(id)) continue;
        if (sub.seen.size < 10_000) sub.seen.add(id);
      }
      if (sub.pending) sub.pending.push(b);
      else send(sub.conn, encodeBroadcast(sub.topic, b, sub.conn.vsn));
    }
  }

  function presenceState(key: string): Record<string, { metas: Record<string, unknown>[] }> {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    for (const sub of channels.get(key) ?? []) {
      if (sub.tracked) (state[sub.presenceKey] ??= { metas: [] }).metas.push(sub.tracked);
    }
    return state;
  }

  function presenceDiff(sub: Subscription, joins: Record<string, unknown> | undefined, leaves: Record<string, unknown> | undefined) {
    const payload = {
      joins: joins ? { [sub.presenceKey]: { metas: [joins] } } : {},
      leaves: leaves ? { [sub.presenceKey]: { metas: [leaves] } } : {},
    };
    for (const other of channels.get(channelKey(sub.private, sub.name)) ?? []) {
      if (other.private && !other.read.presence) continue;
      push(other.conn, { joinRef: null, ref: null, topic: other.topic, event: 'presence_diff', payload });
    }
  }

  function remove(sub: Subscription) {
    sub.conn.channels.delete(sub.topic);
    const key = channelKey(sub.private, sub.name);
    const set = channels.get(key);
    set?.delete(sub);
    if (set?.size === 0) channels.delete(key);
    if (sub.tracked) presenceDiff(sub, undefined, sub.tracked);
  }

  async function join(conn: Connection, f: Frame) {
    if (!f.topic.startsWith(TOPIC_PREFIX)) throw new JoinError('TopicNameRequired: You must provide a topic name');
    const payload = (f.payload ?? {}) as JoinPayload;
    const config = payload.config ?? {};
    const name = f.topic.slice(TOPIC_PREFIX.length);
    const isPrivate = config.private === true;
    const caller = await verify(payload.access_token ?? conn.apikey);
    if (Array.isArray(config.postgres_changes) && config.postgres_changes.length > 0) {
      throw new JoinError('PostgresChangesUnsupported: the local Realtime serves Broadcast (use realtime.broadcast_changes) and Presence');
    }
    const read = isPrivate ? await canRead(pool, caller, name) : { broadcast: true, presence: true };
    const unauthorized = `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`;
    if (!read.broadcast && !read.presence) throw new JoinError(unauthorized);
    const replayParams = config.broadcast?.replay;
    const since = replayParams?.since;
    if (replayParams) {
      if (!isPrivate) throw new JoinError('UnableToReplayMessages: Replay is not allowed for public channels');
      if (!read.broadcast) throw new JoinError(unauthorized);
      if (typeof since !== 'number') throw new JoinError('UnableToReplayMessages: Replay params are not valid');
    }
    const previous = conn.channels.get(f.topic);
    if (previous) {
      remove(previous);
      push(conn, { joinRef: previous.joinRef, ref: null, topic: f.topic, event: 'phx_close', payload: {} });
    }
    const sub: Subscription = {
      conn,
      topic: f.topic,
      name,
      joinRef: f.joinRef ?? f.ref,
      private: isPrivate,
      caller,
      read,
      write: new Map(),
      self: config.broadcast?.self === true,
      presenceKey: config.presence?.key || randomUUID(),
      pending: [],
      seen: replayParams ? new Set() : undefined,
    };
    conn.channels.set(f.topic, sub);
    const key = channelKey(isPrivate, name);
    if (!channels.has(key)) channels.set(key, new Set());
    channels.get(key)!.add(sub);
    const replayed = typeof since === 'number' ? await replay(pool, name, since, replayParams?.limit ?? 25) : [];

    reply(conn, f, 'ok', { postgres_changes: [] });
    for (const m of replayed) {
      if (sub.seen!.has(m.id)) continue;
      sub.seen!.add(m.id);
      const b: Broadcast = m.binary_payload
        ? { event: m.event, payload: null, binary: m.binary_payload, meta: { replayed: true, id: m.id } }
        : { event: m.event, payload: m.payload, meta: { replayed: true, id: m.id } };
      send(conn, encodeBroadcast(f.topic, b, conn.vsn));
    }
    for (const b of sub.pending ?? []) send(conn, encodeBroadcast(f.topic, b, conn.vsn));
    sub.pending = null;
    if (config.presence?.enabled !== false && (!isPrivate || read.presence)) {
      push(conn, { joinRef: sub.joinRef, ref: null, topic: f.topic, event: 'presence_state', payload: presenceState(key) });
    }
  }

  function mayWrite(sub: Subscription, extension: Extension): Promise<boolean> {
    if (!sub.private) return Promise.resolve(true);
    let decision = sub.write.get(extension);
    if (!decision) {
      decision = canWrite(pool, sub.caller, sub.name, extension).catch(() => false);
      sub.write.set(extension, decision);
    }
    return decision;
  }

  async function handle(conn: Connection, f: Frame) {
    if (f.topic === 'phoenix' && f.event === 'heartbeat') return reply(conn, f, 'ok');
    if (f.event === 'phx_join') {
      try {
        await join(conn, f);
      } catch (e) {
        const reason = e instanceof JoinError ? e.message : `UnknownErrorOnChannel: ${(e as Error).message}`;
        if (!(e instanceof JoinError)) log(`realtime: join ${f.topic}: ${(e as Error).message}`);
        const half = conn.channels.get(f.topic);
        if (half && half.joinRef === (f.joinRef ?? f.ref)) remove(half);
        reply(conn, f, 'error', { reason });
      }
      return;
    }
    const sub = conn.channels.get(f.topic);
    if (!sub) return;
    switch (f.event) {
      case 'phx_leave':
        remove(sub);
        return reply(conn, f, 'ok');
      case 'broadcast': {
        const p = (f.payload ?? {}) as PushPayload;
        const b: Broadcast = p.binary
          ? { event: String(p.event), payload: null, binary: p.payload as Uint8Array }
          : { event: String(p.event), payload: p.payload };
        if (await mayWrite(sub, 'broadcast')) {
          if (p.persist && sub.private) await persist(pool, sub.name, b);
          else deliver(sub.private, sub.name, b, sub);
        }
        return reply(conn, f, 'ok');
      }
      case 'presence': {
        const p = (f.payload ?? {}) as PushPayload;
        if (!(await mayWrite(sub, 'presence'))) return reply(conn, f, 'error', { reason: 'Unauthorized: You do not have permissions to track presence on this Channel topic' });
        const before = sub.tracked;
        if (p.event === 'track') {
          if (typeof p.payload !== 'object' || p.payload === null) return reply(conn, f, 'error', { reason: 'Presence track payload must be a map' });
          sub.tracked = { ...p.payload, phx_ref: randomUUID(), ...(before ? { phx_ref_prev: before.phx_ref } : {}) };
          presenceDiff(sub, sub.tracked, before);
        } else if (p.event === 'untrack' && before) {
          sub.tracked = undefined;
          presenceDiff(sub, undefined, before);
        }
        return reply(conn, f, 'ok');
      }
      case 'access_token': {
        try {
          sub.caller = await verify((f.payload as PushPayload | null)?.access_token);
          sub.write.clear();
          if (sub.private) {
            sub.read = await canRead(pool, sub.caller, sub.name);
            if (!sub.read.broadcast && !sub.read.presence) throw new JoinError(`You no longer have permission to read from this Channel topic: ${sub.name}`);
          }
        } catch (e) {
          push(conn, { joinRef: sub.joinRef, ref: null, topic: f.topic, event: 'system', payload: { status: 'error', extension: 'system', channel: sub.name, message: (e as Error).message } });
          remove(sub);
          push(conn, { joinRef: sub.joinRef, ref: null, topic: f.topic, event: 'phx_close', payload: {} });
        }
        return;
      }
      default:
        return;
    }
  }

  function fromDatabase(row: MessageRow) {
    if (row.extension !== 'broadcast' || !row.event) return;
    const b: Broadcast = row.binary_payload
      ? { event: row.event, payload: null, binary: row.binary_payload, meta: { id: row.id } }
      : { event: row.event, payload: row.payload, meta: { id: row.id } };
    deliver(row.private === true, row.topic, b);
  }

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  /** POST /api/broadcast (batch) and POST /api/broadcast/<topic>/events/<event> (httpSend). */
  async function handleHttp(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://realtime');
    const one = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'POST' || !(one || url.pathname === '/api/broadcast')) return json(res, 404, { message: 'Not found' });
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? (req.headers.apikey as string | undefined);
    let caller: Caller;
    try {
      caller = await verify(token);
    } catch (e) {
      return json(res, 401, { message: (e as Error).message });
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const allowed = async (isPrivate: boolean, name: string) => !isPrivate || (await canWrite(pool, caller, name, 'broadcast'));
    if (one) {
      const [name, event] = [decodeURIComponent(one[1]), decodeURIComponent(one[2])];
      const isPrivate = url.searchParams.get('private') === 'true';
      const binary = (req.headers['content-type'] ?? '').startsWith('application/octet-stream');
      let b: Broadcast;
      try {
        b = binary ? { event, payload: null, binary: new Uint8Array(body) } : { event, payload: JSON.parse(body.toString() || 'null') };
      } catch {
        return json(res, 400, { message: 'The body is not valid JSON' });
      }
      if (!(await allowed(isPrivate, name))) return json(res, 403, { message: `Unauthorized: You do not have permissions to write to this Channel topic: ${name}` });
      const store = url.searchParams.get('persist') === 'true' || url.searchParams.has('persist[ttl]');
      if (store && isPrivate) await persist(pool, name, b);
      else deliver(isPrivate, name, b);
      return json(res, 202, {});
    }
    let messages: { topic?: unknown; event?: unknown; payload?: unknown; private?: unknown }[];
    try {
      messages = JSON.parse(body.toString()).messages;
      if (!Array.isArray(messages)) throw new Error();
    } catch {
      return json(res, 400, { message: 'Expected {"messages": [...]}' });
    }
    for (const m of messages) {
      const isPrivate = m.private === true;
      const name = String(m.topic ?? '');
      if (name && (await allowed(isPrivate, name))) deliver(isPrivate, name, { event: String(m.event ?? ''), payload: m.payload });
    }
    json(res, 202, {});
  }

  const server = http.createServer((req, res) => {
    handleHttp(req, res).catch((e) => {
      log(`realtime: ${req.method} ${req.url}: ${(e as Error).message}`);
      if (!res.headersSent) json(res, 500, { message: 'An unexpected error occurred' });
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://realtime');
    if (url.pathname !== '/websocket' && url.pathname !== '/socket/websocket') return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Connection = {
        ws,
        vsn: url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0',
        apikey: url.searchParams.get('apikey') ?? (req.headers.apikey as string | undefined),
        channels: new Map(),
      };
      connections.add(conn);
      // Frames of one socket are handled in order, as a Phoenix socket process handles them.
      let queue = Promise.resolve();
      ws.on('message', (data, isBinary) => {
        queue = queue.then(async () => {
          let frame: Frame;
          try {
            frame = decodeFrame(data as Buffer, isBinary, conn.vsn);
          } catch {
            return;
          }
          await handle(conn, frame).catch((e) => log(`realtime: ${frame.event} ${frame.topic}: ${(e as Error).message}`));
        });
      });
      ws.on('close', () => {
        connections.delete(conn);
        for (const sub of [...conn.channels.values()]) remove(sub);
      });
      ws.on('error', () => ws.terminate());
    });
  });

  let replication: Replication | undefined;
  let stopped = false;
  let partitionTimer: NodeJS.Timeout | undefined;
  server.once('listening', () => {
    replication = startReplication(dbUrl(config, 'supabase_admin'), fromDatabase, log);
    const maintain = () =>
      pool.connect().then(async (c) => {
        try {
          await ensureMessagePartitions(c);
        } finally {
          c.release();
        }
      }).catch((e) => log(`realtime: partitions: ${(e as Error).message}`));
    partitionTimer = setInterval(maintain, 3_600_000);
    partitionTimer.unref();
  });

  return {
    server,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      clearInterval(partitionTimer);
      for (const conn of connections) conn.ws.terminate();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await replication?.stop();
      await pool.end();
    },
  };
}
