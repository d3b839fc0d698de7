// A booking's place is told to that booking's guest (the manage link) and hosts only: a Jitsi room, a
// fixed link or the host's number never reaches anon through REST, the public event type reads, the
// slot answers, the public /api, or a Realtime topic other than the host's own.
import { describe, expect, it } from 'vitest';
import { anonClient, sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newHost, newTeam, newTeamEventType } from '../api/fixtures.ts';

const LINK = 'https://example.com/private-room-7f3a';
const NUMBER = '+14155550199';
const BASE = { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true };
const PLACES = [{ kind: 'jitsi', server: 'meet.jit.si' }, { kind: 'link', url: LINK }, { kind: 'phone_guest_calls', number: NUMBER }];

/** Fails naming where any of the secrets shows up in `what`. */
function expectNoSecret(where: string, what: unknown, secrets: string[]) {
  const text = JSON.stringify(what ?? null);
  for (const secret of secrets) expect(text.includes(secret), `${where} carries ${secret}`).toBe(false);
}

describe("a booking's place reaches its guest and hosts only", () => {
  it('is on the manage link and the host reads, and nowhere anon looks', async () => {
    const host = await newHost();
    expect((await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, locations: PLACES }, token: host.accessToken })).status).toBe(200);
    const start = at(2, 10);
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, start, 30, { locationKind: 'jitsi' }) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const room: string = booked.body.location.value;
    expect(room).toMatch(/^https:\/\/meet\.jit\.si\/kairos-[0-9a-f]{32}$/);
    const secrets = [room, LINK, NUMBER];

    // The guest's manage link, and the host's own reads.
    const view = await call(`/api/booking/${booked.body.uid}?token=${booked.body.manageToken}`);
    expect(view.status).toBe(200);
    expect(view.body.location).toEqual({ kind: 'jitsi', value: room });
    const mine = await call('/api/bookings/upcoming', { token: host.accessToken });
    expect(mine.body.find((b: { uid: string }) => b.uid === booked.body.uid).location).toEqual({ kind: 'jitsi', value: room });

    // A wrong token reads nothing.
    const wrong = await call(`/api/booking/${booked.body.uid}?token=not-the-token`);
    expect(wrong.status).toBe(404);
    expectNoSecret('a wrong token', wrong.body, secrets);

    // Anon over REST: no booking, no event type's locations.
    const anon = anonClient();
    expectNoSecret('anon bookings', (await anon.from('bookings').select('*')).data, secrets);
    expectNoSecret('anon event_types', (await anon.from('event_types').select('*').eq('id', host.eventTypeId)).data, secrets);
    expectNoSecret('public_event_type', (await anon.rpc('public_event_type', { p_event_type_id: host.eventTypeId })).data, secrets);
    expectNoSecret('public_event_types', (await anon.rpc('public_event_types', { p_user_id: host.id })).data, secrets);

    // The public /api and the slot answers.
    expectNoSecret('GET /api/event-types/{id}', (await call(`/api/event-types/${host.eventTypeId}`)).body, secrets);
    const day = start.toISOString().slice(0, 10);
    const slots = await call(`/slots?eventTypeId=${host.eventTypeId}&startDate=${day}&endDate=${day}&timeZone=UTC`);
    expect(slots.status).toBe(200);
    expectNoSecret('the slots answer', slots.body, secrets);

    // Realtime: only the host's own private topic ever carries the booking.
    const elsewhere = await sql<{ topic: string }>(
      `select topic from realtime.messages where topic <> $1 and payload::text like '%' || $2 || '%'`,
      [`bookings:${host.id}`, room],
    );
    expect(elsewhere).toEqual([]);
  });

  it("keeps a public team's fixed link and number from anon reading the team's event types", async () => {
    const team = await newTeam();
    const id = await newTeamEventType(team, { locations: [{ kind: 'link', url: LINK }, { kind: 'phone_guest_calls', number: NUMBER }] });
    const anon = anonClient();
    const rows = await anon.from('event_types').select('id, title').eq('id', id);
    // The public team's event type itself stays readable; its places are not.
    expect(rows.data).toEqual([{ id, title: expect.any(String) }]);
    const whole = await anon.from('event_types').select('*').eq('id', id);
    expectNoSecret("anon select * of a public team's event type", whole.data, [LINK, NUMBER]);
    expectNoSecret('public_event_types of the team', (await anon.rpc('public_event_types', { p_team_slug: team.slug })).data, [LINK, NUMBER]);
  });

  it("keeps a host's and a public team's fixed link and number from a signed-in outsider", async () => {
    const [team, host] = await Promise.all([newTeam(), newHost()]);
    const places = [{ kind: 'link', url: LINK }, { kind: 'phone_guest_calls', number: NUMBER }];
    const id = await newTeamEventType(team, { locations: places });
    const put = await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, locations: places }, token: host.accessToken });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const outsider = team.outsider.client;
    for (const eventTypeId of [id, host.eventTypeId]) {
      const read = await outsider.from('event_types').select('*').eq('id', eventTypeId);
      expect(read.error).toBeNull();
      expectNoSecret(`a signed-in outsider's select * of event type ${eventTypeId}`, read.data, [LINK, NUMBER]);
    }
    // The public reads still tell the outsider the kinds.
    const listed = await outsider.rpc('public_event_types', { p_team_slug: team.slug });
    expect(listed.data).toEqual([expect.objectContaining({ id, locations: [{ kind: 'link' }, { kind: 'phone_guest_calls' }] })]);
    // Signed in or not, anyone may still find a time with the public team and book it.
    const start = at(2, 10);
    const day = start.toISOString().slice(0, 10);
    const slots = await call(`/slots?teamEventTypeId=${id}&startDate=${day}&endDate=${day}&timeZone=UTC`, { token: team.outsider.accessToken });
    expect(slots.status, JSON.stringify(slots.body)).toBe(200);
    const booked = await call('/bookings', {
      body: { ...guestBody(0, start, 30, { locationKind: 'link' }), eventTypeId: undefined, teamEventTypeId: id },
      token: team.outsider.accessToken,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // A member of the team, even one who does not manage it, reads the places: they host the team's
    // bookings, whose places the team's booking lists show them anyway.
    const member = await team.member.client.from('event_types').select('locations').eq('id', id);
    expect(member.data).toEqual([{ locations: places }]);
  });
});
