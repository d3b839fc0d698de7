// Google Meet conferences of events, as the Calendar API documents them (docs/stand-ins.md, "Google
// Meet"): `conferenceDataVersion=1` on events.insert/patch enables conference data; without it the
// event's conferenceData is ignored. A `createRequest` for `hangoutsMeet` creates a conference with a
// fresh meeting code (aaa-bbbb-ccc); the same requestId as the event's last request is ignored. Google
// creates Meet conferences at once, so the request's status is "success" in the same answer.
import { randomInt } from 'node:crypto';
import { HttpError } from './errors.ts';

export interface ConferenceData {
  conferenceId?: string;
  conferenceSolution?: { key: { type: string }; name: string; iconUri: string };
  createRequest?: { requestId: string; conferenceSolutionKey: { type: string }; status?: { statusCode: 'pending' | 'success' | 'failure' } };
  entryPoints?: { entryPointType: 'video' | 'phone' | 'sip' | 'more'; uri: string; label?: string }[];
}

interface Conferenced {
  conferenceData?: ConferenceData;
  hangoutLink?: string;
}

const MEET_ICON = 'https://fonts.gstatic.com/s/i/productlogos/meet_2020q4/v6/web-512dp/logo_meet_2020q4_color_2x_web_512dp.png';

/** A Meet code: three, four and three lowercase letters. */
function meetCode(): string {
  const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');
  return `${letters(3)}-${letters(4)}-${letters(3)}`;
}

/**
 * The conference fields an insert or patch leaves on the event: nothing to change (`{}`), a new Meet
 * conference, or conference data copied as given (`null` removes it).
 */
export function conferenceFor(url: URL, requested: ConferenceData | null | undefined, existing?: Conferenced): Conferenced {
  if (url.searchParams.get('conferenceDataVersion') !== '1' || requested === undefined) return {};
  if (requested === null) return { conferenceData: undefined, hangoutLink: undefined };
  const create = requested.createRequest;
  if (!create) return { conferenceData: requested, hangoutLink: requested.entryPoints?.find((e) => e.entryPointType === 'video')?.uri };
  if (create.conferenceSolutionKey?.type !== 'hangoutsMeet') throw new HttpError(400, 'invalid', 'Invalid conference type value.');
  if (existing?.conferenceData?.createRequest?.requestId === create.requestId) return {};
  const code = meetCode();
  const link = `https://meet.google.com/${code}`;
  return {
    hangoutLink: link,
    conferenceData: {
      createRequest: { requestId: create.requestId, conferenceSolutionKey: { type: 'hangoutsMeet' }, status: { statusCode: 'success' } },
      entryPoints: [{ entryPointType: 'video', uri: link, label: `meet.google.com/${code}` }],
      conferenceSolution: { key: { type: 'hangoutsMeet' }, name: 'Google Meet', iconUri: MEET_ICON },
      conferenceId: code,
    },
  };
}
