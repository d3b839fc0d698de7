// callFunction revalidates GET answers that carry an ETag (slot lists): the second request sends
// If-None-Match, and a 304 reuses the stored answer; a changed list replaces it. Every call names the page's language.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server.ts';
import { api } from '../test/utils.tsx';
import { callFunction } from './api.ts';

describe('callFunction', () => {
  it('asks again with If-None-Match and reuses the answer on 304', async () => {
    const seen: (string | null)[] = [];
    let version = 'W/"1.a.x"';
    let body = { slots: ['first'] };
    server.use(
      http.get(api('/functions/v1/slots'), ({ request }) => {
        const held = request.headers.get('if-none-match');
        seen.push(held);
        if (held === version) return new HttpResponse(null, { status: 304, headers: { etag: version } });
        return HttpResponse.json(body, { headers: { etag: version } });
      }),
    );
    const path = 'slots?eventTypeId=7&startDate=2026-12-01&endDate=2026-12-31&timeZone=UTC';
    expect(await callFunction(path)).toEqual({ slots: ['first'] });
    expect(await callFunction(path)).toEqual({ slots: ['first'] });
    version = 'W/"2.a.x"';
    body = { slots: ['second'] };
    expect(await callFunction(path)).toEqual({ slots: ['second'] });
    expect(await callFunction(path)).toEqual({ slots: ['second'] });
    expect(seen).toEqual([null, 'W/"1.a.x"', 'W/"1.a.x"', 'W/"2.a.x"']);
  });

  it("asks in the page's language, so a refusal comes in it", async () => {
    let asked: string | null = null;
    server.use(
      http.post(api('/functions/v1/bookings'), ({ request }) => {
        asked = request.headers.get('accept-language');
        return HttpResponse.json({ code: 'slot_taken', message: 'この時間枠はすでに埋まりました。' }, { status: 409 });
      }),
    );
    document.documentElement.lang = 'ja';
    await expect(callFunction('bookings', { method: 'POST', body: {} })).rejects.toMatchObject({ serverMessage: 'この時間枠はすでに埋まりました。' });
    expect(asked).toBe('ja');
    document.documentElement.lang = '';
  });
});
