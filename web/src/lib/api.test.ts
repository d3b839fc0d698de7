// callFunction revalidates GET answers that carry an ETag (slot lists): the second request sends
// If-None-Match, and a 304 reuses the stored answer; a changed list replaces it.
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
});
