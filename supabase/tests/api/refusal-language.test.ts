// Any request's refusal (a route that does not exist, a missing sign-in, a booking not found, a team
// URL the database's unique constraint refuses) comes back by id, said in the caller's Accept-Language
// and in English without one.
import { describe, expect, it } from 'vitest';
import { call } from './client.ts';
import { newUser } from '../../../scripts/local/test-stack/harness.ts';
import { newHost, newTeam } from './fixtures.ts';

async function refusal(path: string, options: Parameters<typeof call>[1], accept?: string) {
  const res = await call(path, { ...options, headers: accept ? { 'accept-language': accept } : {} });
  return { status: res.status, body: res.body, language: res.headers.get('content-language') };
}

describe("a refusal in the caller's language", () => {
  it('names a route that does not exist, in Japanese and in English', async () => {
    expect(await refusal('/api/no-such-route', {}, 'ja')).toEqual({ status: 404, body: { code: 'not_found', message: '見つかりません', messageId: 'notFound' }, language: 'ja' });
    expect(await refusal('/api/no-such-route', {})).toEqual({ status: 404, body: { code: 'not_found', message: 'Not found', messageId: 'notFound' }, language: 'en' });
  });

  it('asks for a sign-in in French', async () => {
    expect(await refusal('/api/bookings/upcoming', {}, 'fr-CA,fr;q=0.9')).toEqual({
      status: 401,
      body: { code: 'unauthorized', message: 'Non autorisé', messageId: 'unauthorized' },
      language: 'fr',
    });
  });

  it('says a booking is not found in German', async () => {
    const host = await newHost();
    expect(await refusal('/api/bookings/999999999/confirm', { method: 'POST', token: host.accessToken }, 'de')).toEqual({
      status: 404,
      body: { code: 'not_found', message: 'Buchung nicht gefunden', messageId: 'bookingNotFound' },
      language: 'de',
    });
  });

  it("says the database's refusal of a taken team URL in Spanish, by the constraint's id", async () => {
    const team = await newTeam();
    const body = { name: 'Another', slug: team.slug, description: '', timezone: 'UTC', isPublic: true };
    expect(await refusal('/api/teams', { body, token: team.outsider.accessToken }, 'es-MX')).toEqual({
      status: 409,
      body: { code: 'slug_taken', message: 'Esta URL de equipo ya está en uso', messageId: 'slugTaken' },
      language: 'es',
    });
    expect((await refusal('/api/teams', { body, token: team.outsider.accessToken })).body).toEqual({
      code: 'slug_taken',
      message: 'This team URL is already taken',
      messageId: 'slugTaken',
    });
  });

  it('says what the database itself refuses by the rule its HINT names, with the values its DETAIL carries, in Japanese, and through PostgREST with its values', async () => {
    const host = await newUser();
    const token = host.accessToken;
    const created = await call('/api/webhooks', { body: { url: 'https://crm.example.com/kairos', events: ['ping'] }, token });
    await call(`/api/webhooks/${created.body.id}`, { method: 'PATCH', body: { isActive: false }, token });
    // public.ping_webhook raises it (22023, HINT webhookPaused).
    expect(await refusal(`/api/webhooks/${created.body.id}/ping`, { method: 'POST', token }, 'ja')).toEqual({
      status: 400,
      body: { code: 'invalid_request', message: 'この Webhook は一時停止中です。先に再開してください', messageId: 'webhookPaused' },
      language: 'ja',
    });
    // Through PostgREST, as the web reads it: private.check_timezone names the zone it refused.
    const { error } = await host.client.from('profiles').update({ timezone: 'Mars/Olympus_Mons' }).eq('id', host.id);
    expect(error).toMatchObject({ code: '22023', hint: 'unknownTimeZone' });
    expect(JSON.parse(error!.details)).toEqual({ zone: 'Mars/Olympus_Mons' });
  });
});
