// Daily partitions of realtime.messages, kept the way hosted Realtime keeps them: a few days ahead
// are created, and messages older than three days are dropped with their partition.
import type pg from 'pg';

const DAY = 86_400_000;
const RETAIN_DAYS = 3;

const day = (ms: number) => new Date(Math.floor(ms / DAY) * DAY).toISOString().slice(0, 10);

/** Creates the partitions from yesterday to three days ahead (UTC) and drops expired ones. */
export async function ensureMessagePartitions(client: pg.Client | pg.PoolClient, now = Date.now()): Promise<void> {
  await client.query('begin');
  try {
    // Partitions belong to the table's owner, as the service's own migrations make them.
    await client.query('set local role supabase_realtime_admin');
    for (let offset = -1; offset <= 3; offset++) {
      const from = day(now + offset * DAY);
      const to = day(now + (offset + 1) * DAY);
      await client.query(
        `create table if not exists realtime.messages_${from.replaceAll('-', '_')}
           partition of realtime.messages for values from ('${from}') to ('${to}')`,
      );
    }
    const { rows } = await client.query<{ name: string }>(
      `select c.relname as name from pg_inherits i
         join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'realtime.messages'::regclass`,
    );
    const oldest = day(now - RETAIN_DAYS * DAY).replaceAll('-', '_');
    for (const { name } of rows) {
      const date = /^messages_(\d{4}_\d{2}_\d{2})$/.exec(name)?.[1];
      if (date && date < oldest) await client.query(`drop table realtime.${name}`);
    }
    await client.query('commit');
  } catch (e) {
    await client.query('rollback');
    throw e;
  }
}
