// On a hosted project the database wakes the outbox worker and the calendar sync over pg_net, with
// the functions' URL and key from Vault; locally neither exists and only the NOTIFY goes out. Here
// stand-ins of both (created in a transaction that is rolled back) record what would be sent.
import { expect, it } from 'vitest';
import { book, fileConnection, hostWithEventType, rolledBack } from './db.ts';

const c = fileConnection();

const STAND_INS = `
  create schema net;
  create table net.sent (url text, body jsonb, headers jsonb, timeout_milliseconds integer);
  create function net.http_post(url text, body jsonb, headers jsonb, timeout_milliseconds integer) returns bigint
    language sql as $$ insert into net.sent values (url, body, headers, timeout_milliseconds) returning 1::bigint $$;
  create schema vault;
  create table vault.decrypted_secrets (name text, decrypted_secret text);`;

it('posts to the function named by its Vault secrets, with their key, and to nothing without a URL', () =>
  rolledBack(c, async () => {
    await c.query(STAND_INS);
    await c.query(`select private.kick_outbox()`);
    expect((await c.query(`select count(*)::int as n from net.sent`)).rows).toEqual([{ n: 0 }]);

    await c.query(`insert into vault.decrypted_secrets values
      ('kairos_outbox_url', 'https://x.test/functions/v1/outbox'), ('kairos_outbox_key', 'k1'),
      ('kairos_calendar_sync_url', 'https://x.test/functions/v1/calendars/sync'), ('kairos_calendar_sync_key', 'k2')`);
    await c.query(`select private.kick_outbox()`);
    await c.query(`select private.post_to_function('kairos_calendar_sync', 60000)`);
    const { rows } = await c.query(`select url, body, headers, timeout_milliseconds as timeout from net.sent order by url desc`);
    expect(rows).toEqual([
      { url: 'https://x.test/functions/v1/outbox', body: {}, headers: { Authorization: 'Bearer k1', 'Content-Type': 'application/json' }, timeout: 10000 },
      {
        url: 'https://x.test/functions/v1/calendars/sync',
        body: {},
        headers: { Authorization: 'Bearer k2', 'Content-Type': 'application/json' },
        timeout: 60000,
      },
    ]);
  }));

it('wakes the outbox worker once a transaction, however many statements write its rows', () =>
  rolledBack(c, async () => {
    await c.query(STAND_INS);
    await c.query(`insert into vault.decrypted_secrets values ('kairos_outbox_url', 'https://x.test/functions/v1/outbox'), ('kairos_outbox_key', 'k1')`);
    const { eventType } = await hostWithEventType(c);
    // A booking writes its mails' rows and its calendar's in statements of their own, each kicking.
    await book(c, eventType, '2031-04-07T10:00:00Z');
    await c.query(`select private.kick_outbox()`);
    expect((await c.query(`select count(*)::int as n from net.sent`)).rows).toEqual([{ n: 1 }]);
    expect((await c.query(`select count(distinct message_id)::int as n from outbox o join bookings b on b.id = o.booking_id where b.event_type_id = $1`, [eventType])).rows[0].n)
      .toBeGreaterThan(1);
  }));
