// The Profile page's two-factor control and the code asked after sign-in, against Auth's /factors API (msw).
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { toaster } from '../../components/AppToaster.tsx';
import { server } from '../../test/server.ts';
import { accessToken, api, authUser, profile, renderRoute, restGet, signIn, signedInAs } from '../../test/utils.tsx';

const FACTOR_ID = '00000000-0000-4000-8000-0000000000f1';
const verifiedFactor = { id: FACTOR_ID, factor_type: 'totp', status: 'verified', friendly_name: 'Authenticator app' };

/** Auth's challenge and verify endpoints; verify accepts `good` and answers an aal2 session. */
function factorEndpoints(good: string) {
  const codes: string[] = [];
  server.use(
    http.post(api(`/auth/v1/factors/${FACTOR_ID}/challenge`), () =>
      HttpResponse.json({ id: 'challenge-1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 }),
    ),
    http.post(api(`/auth/v1/factors/${FACTOR_ID}/verify`), async ({ request }) => {
      const { code, challenge_id } = (await request.json()) as { code: string; challenge_id: string };
      codes.push(code);
      expect(challenge_id).toBe('challenge-1');
      if (code !== good) return HttpResponse.json({ code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' }, { status: 422 });
      return HttpResponse.json({
        access_token: accessToken({ aal: 'aal2' }),
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        refresh_token: 'refresh-2',
        user: authUser({ factors: [verifiedFactor] }),
      });
    }),
  );
  return codes;
}

describe('two-factor on the Profile page', () => {
  it('enables it: QR code and key, a wrong code refused, the right one turns it on', async () => {
    signedInAs();
    let factors: unknown[] = [];
    server.use(
      http.get(api('/auth/v1/user'), () => HttpResponse.json(authUser({ factors }))),
      http.post(api('/auth/v1/factors'), async ({ request }) => {
        expect(await request.json()).toMatchObject({ factor_type: 'totp' });
        factors = [{ ...verifiedFactor, status: 'unverified' }];
        return HttpResponse.json({
          id: FACTOR_ID,
          type: 'totp',
          friendly_name: 'Authenticator app',
          totp: { qr_code: '<svg xmlns="http://www.w3.org/2000/svg"/>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' },
        });
      }),
    );
    const codes = factorEndpoints('123456');
    renderRoute('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enable two-factor' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml;utf-8,<svg/),
    );
    expect(screen.getByLabelText('Authenticator key')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    const code = screen.getByLabelText('Authentication code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Invalid TOTP code entered')).toBeInTheDocument();
    // One toast at a time: the next waits until this one is gone.
    act(() => toaster.remove());

    factors = [verifiedFactor];
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Two-factor enabled')).toBeInTheDocument();
    expect(await screen.findByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable two-factor' })).toBeInTheDocument();
    expect(codes).toEqual(['000000', '123456']);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code before the page, and shows the page once it is right', async () => {
    // A password sign-in: an aal1 session of a user with a verified factor.
    signIn(authUser({ factors: [verifiedFactor] }), { aal: 'aal1' });
    server.use(
      restGet('profiles', [profile({ first_name: 'Ada' })]),
      http.get(api('/auth/v1/user'), () => HttpResponse.json(authUser({ factors: [verifiedFactor] }))),
    );
    factorEndpoints('654321');
    renderRoute('/profile');
    // The first render of the lazy page can take long on a busy machine.
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app', {}, { timeout: 45_000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Public Profile' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Public Profile' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument());
  });
});
