// The slot topics were public channels: any client could broadcast `busy_changed`
// on them (every open booking page then fetched its slots again), and a private team's topic told
// anyone each time its members' busy time changed. The topics are private channels now: read under
// RLS on realtime.messages (an active event type's, a public team's), written by nobody but the
// database, which publishes only for what is public.
import { describe, expect, it } from 'vitest';
import { join, realtimeClient, sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newHost, newTeam, newTeamEventType } from '../api/fixtures.ts';
import { eventTypeOf } from './support.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('slot topics are the database\'s to publish, and only for what is public', () => {
  it('lets a booking page hear the database, and nobody else, on an event type\'s topic', async () => {
    const host = await newHost();
    const topic = `slots:event_type:${host.eventTypeId}`;
    const page = (await realtimeClient()).channel(topic, { config: { private: true } });
    const heard: string[] = [];
    page.on('broadcast', { event: '*' }, (m) => heard.push(m.event));
    expect((await join(page)).status).toBe('SUBSCRIBED');

    // An attacker on the same topic, as a private channel and as a public one, sends busy_changed.
    const attacker = await realtimeClient();
    const asPrivate = attacker.channel(topic, { config: { private: true } });
    expect((await join(asPrivate)).status).toBe('SUBSCRIBED');
    // Realtime drops a broadcast its INSERT check refuses (the push itself is not acknowledged).
    await asPrivate.send({ type: 'broadcast', event: 'busy_changed', payload: {} });
    const asPublic = (await realtimeClient()).channel(topic);
    expect((await join(asPublic)).status).toBe('SUBSCRIBED');
    await asPublic.send({ type: 'broadcast', event: 'busy_changed', payload: {} });
    await pause(1500);
    expect(heard).toEqual([]);

    // A booking: the database's signal arrives.
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 10)) })).status).toBe(201);
    await expect.poll(() => heard).toEqual(['busy_changed']);
  });

  it('keeps the topics of inactive event types and private teams closed, and publishes nothing there', async () => {
    const host = await newHost();
    const inactive = await eventTypeOf(host.id, { is_active: false });
    const team = await newTeam(false);
    const teamType = await newTeamEventType(team);

    const guest = await realtimeClient();
    for (const topic of [`slots:event_type:${inactive}`, `slots:team:${team.id}`, 'slots:team:not-a-number']) {
      expect((await join(guest.channel(topic, { config: { private: true } }))).status, topic).not.toBe('SUBSCRIBED');
    }

    // A booking of the private team changes its members' busy time: nothing is published about the team.
    const { eventTypeId: _, ...body } = guestBody(0, at(2, 11));
    expect((await call(`/api/teams/${team.id}/bookings`, { body: { ...body, teamEventTypeId: teamType }, token: team.owner.accessToken })).status).toBe(201);
    await pause(500);
    expect(await sql(`select count(*)::int as n from realtime.messages where topic = $1`, [`slots:team:${team.id}`])).toEqual([{ n: 0 }]);
  });
});
