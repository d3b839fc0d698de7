// Google, Zoom and Stripe all send the host back to Availability with ?code=&state= (or ?error= when the
// host said no). The state is sealed by the server and unreadable here, so the tab remembers which
// provider it sent the host to. Both start and finish at the `calendars` function the same way.
import { useEffect } from 'react';
import { callFunction } from '../../../lib/api.ts';

const PENDING = 'kairos:consent';

export type ConsentProvider = 'google' | 'zoom' | 'stripe';

/** Where a provider sends the host back after consent: the page that finishes the connection. */
const consentReturnUri = () => `${window.location.origin}/availability`;

/** Off to the provider's consent page, remembering which one it is. */
function goToConsent(provider: ConsentProvider, url: string) {
  sessionStorage.setItem(PENDING, provider);
  window.location.assign(url);
}

export type ConsentAnswer = { code: string; state: string } | { refused: string };

/** The host said no at the provider (OAuth's ?error=, e.g. access_denied): the finish fails with this. */
export class ConsentRefused extends Error {}

/** The code and state to finish with, or the refusal as the finish's error. */
function grantedOrThrow(answer: ConsentAnswer, refusal: string): { code: string; state: string } {
  if ('refused' in answer) throw new ConsentRefused(refusal);
  return answer;
}

/** A start mutation's function and success: the consent address from `calendars/{provider}/start`, then off to it. */
export function consentStart(provider: ConsentProvider) {
  return {
    mutationFn: () => callFunction<{ url: string }>(`calendars/${provider}/start`, { method: 'POST', body: { redirectUri: consentReturnUri() } }),
    onSuccess: ({ url }: { url: string }) => goToConsent(provider, url),
  };
}

/** A finish mutation's function: the code and state to `calendars/{provider}/connect`, or the refusal as its error. */
export function consentFinish<T>(provider: ConsentProvider, refusal: string) {
  return async (answer: ConsentAnswer) =>
    callFunction<T>(`calendars/${provider}/connect`, { method: 'POST', body: { ...grantedOrThrow(answer, refusal), redirectUri: consentReturnUri() } });
}

/**
 * The provider's answer, if this page is its return: taken once (the address is cleaned and the
 * memory cleared, so a reload or a second render does not send a used code again).
 */
export function takeConsentAnswer(provider: ConsentProvider): ConsentAnswer | null {
  if (sessionStorage.getItem(PENDING) !== provider) return null;
  const params = new URLSearchParams(window.location.search);
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  if (!error && !(code && state)) return null;
  sessionStorage.removeItem(PENDING);
  window.history.replaceState(null, '', window.location.pathname);
  return error ? { refused: error } : { code: code!, state: state! };
}

/** On the return from `provider`'s consent, finishes the connection (or fails it with the refusal). */
export function useConsentReturn(provider: ConsentProvider, finish: { mutate: (answer: ConsentAnswer) => void }) {
  useEffect(() => {
    const answer = takeConsentAnswer(provider);
    if (answer) finish.mutate(answer);
  }, [provider, finish]);
}
