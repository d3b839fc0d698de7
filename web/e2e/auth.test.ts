// Signing up, in and out; Google through the local identity page;
// what signed-out visitors and unknown addresses get; the navigation on a phone.
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { expectToast, openPage, screenshot, toastsSeen, useBrowser } from './support/browser.ts';
import { newUser, sql } from '../../scripts/local/test-stack/harness.ts';
import { expectNoErrors, JOURNEY_TIMEOUT, signIn, unique } from './support/journey.ts';

/** What an authenticator app shows for a key right now. */
const totpCode = (key: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key) }).generate();

const browser = useBrowser();

describe.concurrent('signing up, out and in', () => {
  it('sign up → dashboard with welcome toast → sign out → sign in with welcome back toast', async () => {
    const { page, errors } = await openPage(browser());
    const email = `${unique('ada')}@example.test`;
    const password = 'lovelace-1815';

    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started Free' }).click();
    await page.waitForURL('**/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByPlaceholder('Create a password').fill(password);
    await screenshot(page, '1-register-filled');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/dashboard');
    await expectToast(page, 'Welcome to Kairos!', 'Your account has been created successfully.');
    await page.getByRole('heading', { name: 'Welcome, Ada!' }).waitFor();
    // Bookable at once: hours and a first event type; the checklist asks for the rest.
    await page.getByRole('region', { name: 'Get set up' }).getByText('2 of 4 done', { exact: false }).waitFor();
    await page.getByText('30 Minute Meeting').waitFor();
    await screenshot(page, '1-dashboard-after-sign-up');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expectToast(page, 'Signed out', "You've been successfully signed out.");
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await screenshot(page, '1-signed-out-landing');

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Sign in to Kairos' }).waitFor();
    await page.getByPlaceholder('Enter your email').fill(email);
    await page.getByPlaceholder('Enter your password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await expectToast(page, 'Welcome back!', "You've been successfully logged in.");
    await page.getByRole('heading', { name: 'Welcome back, Ada!' }).waitFor();
    await screenshot(page, '1-dashboard-after-sign-in');
    expectNoErrors(errors);
  }, JOURNEY_TIMEOUT);
});

describe.concurrent('Continue with Google', () => {
  it("goes through the local identity page and lands on the dashboard, bookable in the browser's zone", async () => {
    const { page, errors } = await openPage(browser(), { timezoneId: 'Asia/Kolkata', locale: 'en-US' });
    const email = `${unique('grace')}@example.test`;

    // What the first visit's start_first_week calls answered: a missing checklist then says why.
    const firstWeek = { sent: 0, answers: [] as number[] };
    page.on('request', (r) => void (r.url().includes('/rpc/start_first_week') && firstWeek.sent++));
    page.on('response', (r) => void (r.url().includes('/rpc/start_first_week') && firstWeek.answers.push(r.status())));

    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('heading', { name: 'Sign in with Google' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Grace Hopper');
    await screenshot(page, '6-local-identity-page');
    await page.getByRole('button', { name: /Continue as this Google user/ }).click();

    await page.waitForURL('**/dashboard**');
    // The name typed on the identity page reaches the profile (the sign-up trigger reads it); a
    // first visit is welcomed, not welcomed back.
    await page.getByRole('heading', { name: 'Welcome, Grace!' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    // Google named no zone: the first visit sent the browser's, and the week starts there.
    const checklist = page.getByRole('region', { name: 'Get set up' });
    await checklist
      .getByRole('listitem')
      .filter({ hasText: 'Set your working hours (done)' })
      .waitFor()
      .catch((error: Error) => {
        throw new Error(`${error.message}\nstart_first_week: ${firstWeek.sent} sent, answered ${firstWeek.answers.join(', ') || 'none'}`);
      });
    await checklist.getByText('in your time zone: Kolkata (IST, UTC+5:30)', { exact: false }).waitFor();
    await screenshot(page, '6-dashboard-after-google');
    const [profile] = await sql('select first_name, last_name, timezone from public.profiles where email = $1', [email]);
    expect(profile).toEqual({ first_name: 'Grace', last_name: 'Hopper', timezone: 'Asia/Kolkata' });
    const [{ n }] = await sql('select count(*)::int as n from public.availability_rules a join public.profiles p on p.id = a.user_id where p.email = $1', [email]);
    expect(n).toBe(5);
    expectNoErrors(errors);
  }, JOURNEY_TIMEOUT);
});

describe.concurrent('signed out and unknown addresses', () => {
  it('guarded pages toast and redirect to sign in', async () => {
    // Dashboard and team settings go through the server's /api/login; availability straight to /login.
    for (const path of ['/dashboard', '/teams/1/settings', '/availability']) {
      const { page, errors } = await openPage(browser());
      await page.goto(path);
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Sign in to Kairos' }).waitFor();
      // The toast shows for the 500 ms before the redirect; the tab's toast log keeps what it said.
      expect(await toastsSeen(page)).toEqual(['UnauthorizedYou are logged out. Logging in again...']);
      if (path === '/availability') await screenshot(page, '7-logged-out-toast-then-login');
      expectNoErrors(errors);
    }
  }, JOURNEY_TIMEOUT);

  it('shows the not-found texts', async () => {
    const { page, errors } = await openPage(browser());
    const screens: [string, string, string, string][] = [
      ['route', '/no/such/page', '404 Page Not Found', "The page you're looking for doesn't exist."],
      ['handle', `/${unique('nobody')}`, 'User Not Found', "The calendar you're looking for doesn't exist."],
      ['calendar', '/calendar/00000000-0000-4000-8000-000000000000', 'User Not Found', "The calendar you're looking for doesn't exist."],
      ['event', '/book/987654321', 'Event Not Found', "The event type you're looking for doesn't exist."],
      ['team', `/team/${unique('no-team')}`, 'Team Not Found', "This team doesn't exist or is not publicly available."],
    ];
    for (const [name, path, title, text] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: title }).waitFor();
      expect(await page.getByText(text).isVisible()).toBe(true);
      await screenshot(page, `7-unknown-${name}`);
    }
    expectNoErrors(errors);
  }, JOURNEY_TIMEOUT);
});

describe.concurrent('on a phone', () => {
  it('the navigation drawer opens and a chosen link closes it', async () => {
    const user = await newUser({ firstName: 'Pat', lastName: 'Phone' });
    const { page, errors } = await openPage(browser(), { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signIn(page, user);
    await page.getByRole('heading', { name: 'Welcome back, Pat!' }).waitFor();
    // The links live in the drawer on a phone, not in the bar.
    expect(await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Bookings' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Bookings' }).waitFor();
    await screenshot(page, '8-phone-drawer-open');

    await drawer.getByRole('link', { name: 'Bookings' }).click();
    await page.waitForURL('**/bookings');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'All Bookings' }).waitFor();
    await page.getByText('No upcoming bookings').waitFor();
    await screenshot(page, '8-phone-bookings-after-link');
    expectNoErrors(errors);
  }, JOURNEY_TIMEOUT);
});

describe.concurrent('two-factor authentication', () => {
  it('turned on from the Profile page, then asked for after the password', async () => {
    const u = await newUser({ firstName: 'Hedy' });
    const { page, errors } = await openPage(browser());
    await signIn(page, u);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Enable two-factor' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    // The code is a picture the browser can draw, not a broken image (decode() rejects on one).
    await qr.evaluate((img: HTMLImageElement) => img.decode());
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const key = (await page.getByLabel('Authenticator key').textContent())!.trim();
    await screenshot(page, '9-two-factor-qr-code');
    await page.getByLabel('Authentication code').fill(totpCode(key));
    await page.getByRole('button', { name: 'Verify and enable' }).click();
    await expectToast(page, 'Two-factor enabled');
    await page.getByText('Two-factor authentication is on.').waitFor();
    const [factor] = await sql('select id, status from auth.mfa_factors where user_id = $1', [u.id]);
    expect(factor).toMatchObject({ status: 'verified' });
    // Signing in again a while later: a code is accepted once per factor in three 30-second steps.
    await sql('update private.mfa_accepted_steps set step = step - 3 where factor_id = $1', [factor.id]);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.goto('/login');
    await page.getByPlaceholder('Enter your email').fill(u.email);
    await page.getByPlaceholder('Enter your password').fill(u.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome back, Hedy!' }).count()).toBe(0);
    await screenshot(page, '9-two-factor-code-asked');
    await page.getByLabel('Authentication code').fill(totpCode(key));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('heading', { name: 'Welcome back, Hedy!' }).waitFor();
    expectNoErrors(errors);
  }, JOURNEY_TIMEOUT);
});
