// One TOTP code raised two sessions to aal2. GoTrue accepts a code at three 30-second
// steps (skew 1) and remembers none it accepted; it asks the MFA verification attempt hook
// (config.toml [auth.hook.mfa_verification_attempt], public.mfa_verification_attempt) whether to go
// on, telling it whether the code was valid but not the code. The hook accepts one valid code per
// factor in any three consecutive steps: a code is accepted once.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import * as OTPAuth from 'otpauth';
import ws from 'ws';
import { describe, expect, it } from 'vitest';
import { newUser, sql, stack } from '../../../scripts/local/test-stack/harness.ts';

const session = (): SupabaseClient =>
  createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });

/** Moves the factor's last accepted code three steps back, as if 90 seconds had passed since. */
const ninetySecondsLater = (factorId: string) => sql('update private.mfa_accepted_steps set step = step - 3 where factor_id = $1', [factorId]);

describe('a TOTP code verifies once', () => {
  it('refuses the same code in a second session, as Auth asks the database through its hook', async () => {
    const user = await newUser();
    const enrolling = session();
    await enrolling.auth.setSession({ access_token: user.accessToken, refresh_token: user.refreshToken });
    const { data: factor } = await enrolling.auth.mfa.enroll({ factorType: 'totp' });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor!.type === 'totp' ? factor!.totp.secret : '') });
    const code = totp.generate();
    expect((await enrolling.auth.mfa.challengeAndVerify({ factorId: factor!.id, code })).error).toBeNull();
    expect(decodeJwt((await enrolling.auth.getSession()).data.session!.access_token).aal).toBe('aal2');

    // Someone who has the password and saw the code signs in after and enters it while it is still valid.
    const signIn = async () => {
      const c = session();
      expect((await c.auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();
      return c;
    };
    const second = await signIn();
    const replay = await second.auth.mfa.challengeAndVerify({ factorId: factor!.id, code });
    expect(replay.error).toMatchObject({ status: 403, code: 'mfa_verification_rejected' });
    // As GoTrue does on a rejection, every session of the account ends: a replayed code means someone else has it.
    expect(await sql('select count(*)::int as n from auth.sessions where user_id = $1', [user.id])).toEqual([{ n: 0 }]);

    // A wrong code is the usual 422, and the next code, a while later, works.
    const again = await signIn();
    const wrong = await again.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    await ninetySecondsLater(factor!.id);
    expect((await again.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totp.generate() })).error).toBeNull();
  });

  it('is a hook only Auth may call', async () => {
    const [{ auth, anon, signedIn }] = await sql(`select has_function_privilege('supabase_auth_admin', 'public.mfa_verification_attempt(jsonb)', 'execute') as auth,
      has_function_privilege('anon', 'public.mfa_verification_attempt(jsonb)', 'execute') as anon,
      has_function_privilege('authenticated', 'public.mfa_verification_attempt(jsonb)', 'execute') as "signedIn"`);
    expect({ auth, anon, signedIn }).toEqual({ auth: true, anon: false, signedIn: false });
  });
});
