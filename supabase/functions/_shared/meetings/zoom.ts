// Zoom through its documented REST API (no official client exists for it): user-level OAuth (consent,
// code exchange, refresh with rotation: each refresh returns a new refresh token and ends the old
// one) and the meetings of bookings (create, update, delete). Every request goes through the fetch it
// is given (the functions give it the outbound guard's). docs/stand-ins.md names the references.
import { ruleMessage, type RuleMessage } from '../rules/messages.ts';

export interface ZoomConfig {
  clientId: string;
  clientSecret: string;
  /** `https://zoom.us`; the test stack's stand-in elsewhere. */
  oauthUrl: string;
  /** `https://api.zoom.us/v2`. */
  apiRoot: string;
}

export function zoomConfig(get: (name: string) => string | undefined): ZoomConfig | null {
  const clientId = get('ZOOM_CLIENT_ID');
  const clientSecret = get('ZOOM_CLIENT_SECRET');
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    oauthUrl: (get('ZOOM_OAUTH_URL') ?? 'https://zoom.us').replace(/\/+$/, ''),
    apiRoot: (get('ZOOM_API_ROOT') ?? 'https://api.zoom.us/v2').replace(/\/+$/, ''),
  };
}

/** What Kairos keeps of a Zoom grant (sealed in zoom_connections.secret). */
export interface ZoomTokens {
  refreshToken: string;
  accessToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** A booking's meeting as Kairos asks Zoom for it. */
export interface ZoomMeetingInput {
  topic: string;
  /** ISO instant. */
  start: string;
  minutes: number;
}

/** A Zoom answer that is not a success: its status and Zoom's message. */
export class ZoomError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`Zoom ${status}: ${message}`);
  }

  /** What the host is told (Zoom's own words stay in the message, for the booking's log). */
  get rule(): RuleMessage {
    return ruleMessage('zoomRefused', { status: this.status });
  }
}

async function failure(res: Response): Promise<ZoomError> {
  const body = (await res.json().catch(() => ({}))) as { message?: string; reason?: string; error?: string };
  return new ZoomError(res.status, body.message ?? body.reason ?? body.error ?? res.statusText);
}

/** Zoom's start_time: UTC as yyyy-MM-ddTHH:mm:ssZ. */
const zoomTime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A refresh a minute before the access token ends, so a call never starts with a dying one. */
const EARLY_MS = 60_000;

export function zoomAccess(config: ZoomConfig, fetcher: typeof fetch) {
  const basic = `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`;

  async function token(form: Record<string, string>): Promise<ZoomTokens> {
    const res = await fetcher(`${config.oauthUrl}/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    if (!res.ok) throw await failure(res);
    const t = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
    return { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: Date.now() + t.expires_in * 1000 };
  }

  /**
   * Runs `call` with a live access token, refreshing first when it is about to end or Zoom says it
   * has; `save` keeps every new grant at once (the old refresh token no longer works).
   */
  async function authorised<T>(tokens: ZoomTokens, save: (t: ZoomTokens) => Promise<void>, call: (accessToken: string) => Promise<T>): Promise<T> {
    let current = tokens;
    const refresh = async () => {
      current = await token({ grant_type: 'refresh_token', refresh_token: current.refreshToken });
      await save(current);
    };
    if (current.expiresAt - EARLY_MS < Date.now()) await refresh();
    try {
      return await call(current.accessToken);
    } catch (e) {
      if (!(e instanceof ZoomError) || e.status !== 401) throw e;
      await refresh();
      return call(current.accessToken);
    }
  }

  async function api(accessToken: string, method: string, path: string, body?: unknown): Promise<Response> {
    const res = await fetcher(`${config.apiRoot}${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw await failure(res);
    return res;
  }

  const meetingBody = (m: ZoomMeetingInput) => ({ topic: m.topic.slice(0, 200), type: 2, start_time: zoomTime(m.start), duration: m.minutes, timezone: 'UTC' });

  return {
    consentUrl(redirectUri: string, state: string): string {
      const url = new URL(`${config.oauthUrl}/oauth/authorize`);
      url.search = new URLSearchParams({ response_type: 'code', client_id: config.clientId, redirect_uri: redirectUri, state }).toString();
      return url.href;
    },
    exchange: (code: string, redirectUri: string) => token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    /** Creates the booking's meeting: its id and join link. */
    createMeeting: (tokens: ZoomTokens, save: (t: ZoomTokens) => Promise<void>, m: ZoomMeetingInput) =>
      authorised(tokens, save, async (at) => {
        const made = (await (await api(at, 'POST', '/users/me/meetings', meetingBody(m))).json()) as { id: number; join_url: string };
        return { id: made.id, joinUrl: made.join_url };
      }),
    /** Moves the meeting; false when Zoom no longer has it. */
    updateMeeting: (tokens: ZoomTokens, save: (t: ZoomTokens) => Promise<void>, id: number, m: ZoomMeetingInput) =>
      authorised(tokens, save, async (at) => {
        try {
          await api(at, 'PATCH', `/meetings/${id}`, meetingBody(m));
          return true;
        } catch (e) {
          if (e instanceof ZoomError && e.status === 404) return false;
          throw e;
        }
      }),
    /** Deletes the meeting; one already gone counts as deleted. */
    deleteMeeting: (tokens: ZoomTokens, save: (t: ZoomTokens) => Promise<void>, id: number) =>
      authorised(tokens, save, async (at) => {
        try {
          await api(at, 'DELETE', `/meetings/${id}`);
        } catch (e) {
          if (!(e instanceof ZoomError) || e.status !== 404) throw e;
        }
      }),
  };
}

export type ZoomAccess = ReturnType<typeof zoomAccess>;
