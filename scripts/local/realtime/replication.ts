// Broadcast from Database: rows inserted into realtime.messages, read through logical replication
// (pgoutput) of the publication hosted Realtime uses. The slot is permanent, so what is committed
// while the service is down is decoded when it comes back instead of being lost.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { LogicalReplicationService, PgoutputPlugin, type Pgoutput } from 'pg-logical-replication';

export const PUBLICATION = 'supabase_realtime_messages_publication';
export const SLOT = 'supabase_realtime_messages_replication_slot';

export interface MessageRow {
  id: string;
  topic: string;
  extension: string;
  event: string | null;
  payload: unknown;
  binary_payload: Buffer | null;
  private: boolean | null;
}

export interface Replication {
  stop(): Promise<void>;
}

async function ensureSlot(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(
      `select pg_create_logical_replication_slot($1, 'pgoutput')
        where not exists (select 1 from pg_replication_slots where slot_name = $1)`,
      [SLOT],
    );
  } finally {
    await client.end();
  }
}

/**
 * Streams inserted messages to `deliver` until stopped, reconnecting after errors (Postgres
 * restarted, or the slot still held by the walsender of a previous run).
 */
export function startReplication(connectionString: string, deliver: (row: MessageRow) => void, log: (m: string) => void): Replication {
  let stopped = false;
  // A stop ends the wait for the stream: stopping the service does not settle subscribe().
  let stop = () => {};
  const stopping = new Promise<void>((resolve) => (stop = resolve));
  let service: LogicalReplicationService | undefined;
  const plugin = new PgoutputPlugin({ protoVersion: 1, publicationNames: [PUBLICATION] });

  const run = async () => {
    for (let attempt = 0; !stopped; attempt++) {
      try {
        await ensureSlot(connectionString);
        // Acknowledged once a second (the last message delivered), not after every message: a status
        // update per WAL message cost more than decoding it. After a restart, up to a second of
        // messages is delivered again; a broadcast only says "fetch again", so twice is harmless.
        service = new LogicalReplicationService(
          { connectionString },
          { acknowledge: { auto: false, timeoutSeconds: 1 } },
        );
        service.on('data', (_lsn: string, msg: Pgoutput.Message) => {
          if (msg.tag === 'insert' && msg.relation.schema === 'realtime' && msg.relation.name === 'messages') {
            deliver(msg.new as MessageRow);
          }
        });
        service.on('start', () => {
          attempt = 0;
        });
        const errored = new Promise<void>((resolve) => service!.on('error', (e: Error) => {
          if (!stopped) log(`realtime: replication: ${e.message}`);
          resolve();
        }));
        await Promise.race([service.subscribe(plugin, SLOT), errored, stopping]);
      } catch (e) {
        if (!stopped) log(`realtime: replication: ${(e as Error).message}`);
      }
      await service?.stop().catch(() => {});
      if (!stopped) await sleep(Math.min(200 * 2 ** attempt, 2000));
    }
  };
  const running = run();
  return {
    stop: async () => {
      stopped = true;
      stop();
      await service?.stop().catch(() => {});
      await running;
    },
  };
}
