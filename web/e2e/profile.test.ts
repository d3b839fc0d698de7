// Journey 4 of issue 6: a host picks a handle and goes public; a visitor finds the card on the
// landing page, follows it to /{handle} and books through the 'Book a Meeting' dialog.
import { describe, expect, it } from 'vitest';
import { newUser, sql } from '../../scripts/local/test/harness.ts';
import { expectToast, openPage, screenshot, useBrowser, webUrl } from './support/browser.ts';
import {
  agreeToTerms,
  dayAhead,
  expectNoErrors,
  fillGuest,
  JOURNEY_TIMEOUT,
  navigate,
  offeredTimes,
  pickDay,
  signIn,
  switchLabel,
  unique,
} from './support/journey.ts';

const browser = useBrowser();

describe.concurrent('public profile', () => {
  it('handle with availability indicator, made public, found in the community, booked through the dialog', async () => {
    const lastName = unique('Public');
    const host = await newUser({ firstName: 'Priya', lastName });
    const taken = unique('taken');
    const other = await newUser();
    await sql('update public.profiles set handle = $2 where id = $1', [other.id, taken]);
    await sql(
      `insert into public.availability_rules (user_id, day_of_week, start_time, end_time, is_enabled)
       select $1, d, '09:00', '17:00', true from generate_series(0, 6) d`,
      [host.id],
    );
    await sql(`insert into public.event_types (user_id, title, description, duration) values ($1, 'Discovery Call', 'Find out how I can help.', 30)`, [
      host.id,
    ]);
    const handle = unique('priya');

    const { page, errors } = await openPage(browser());
    await signIn(page, host);
    await navigate(page, 'Profile');
    await page.getByRole('heading', { name: 'Public Profile' }).waitFor();
    const handleInput = page.getByPlaceholder('your-handle');
    await handleInput.fill(taken);
    await page.getByText('Handle is already taken').waitFor();
    expect(await page.getByRole('button', { name: 'Save Profile' }).isDisabled()).toBe(true);
    // Typed in capitals with a space: the field keeps only what a handle may hold.
    await handleInput.fill(`${handle.toUpperCase()} `);
    expect(await handleInput.inputValue()).toBe(handle);
    await page.getByText('Handle is available').waitFor();
    await page.getByLabel('Professional Title').fill('Career Coach');
    await page.getByLabel('Bio').fill('I help engineers grow into leaders.');
    await page.getByLabel('Company').fill('Northwind');
    await page.getByLabel('Location').fill('Lisbon');
    await screenshot(page, '4-profile-handle-available');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToast(page, 'Profile updated');

    await switchLabel(page, 'Private Profile').click();
    await switchLabel(page, 'Public Profile').waitFor();
    await switchLabel(page, 'Calendar Hidden').click();
    await switchLabel(page, 'Calendar Visible').waitFor();
    await page.getByText('Social Features Active').waitFor();
    expect(await page.getByLabel('Profile URL').inputValue()).toBe(`${webUrl()}/${handle}`);
    await screenshot(page, '4-profile-public');

    const visitor = await openPage(browser(), { timezoneId: 'Australia/Sydney', locale: 'en-AU' });
    const v = visitor.page;
    await v.goto('/');
    await v.getByRole('button', { name: 'Explore Community' }).click();
    const community = v.locator('#social-section');
    const card = community.locator('.chakra-card__root', { hasText: `Priya ${lastName}` });
    await card.getByText('Available for booking').waitFor();
    expect(await card.textContent()).toContain('Career Coach');
    await screenshot(v, '4-landing-community');
    await card.getByText(`Priya ${lastName}`).click();

    await v.waitForURL(`**/${handle}`);
    await v.getByRole('heading', { name: `Priya ${lastName}` }).waitFor();
    expect(await v.getByText(`@${handle}`).isVisible()).toBe(true);
    await v.getByRole('heading', { name: 'Select a Meeting Type' }).waitFor();
    await screenshot(v, '4-handle-page');
    await v.getByRole('button', { name: 'Select Time' }).click();

    const dialog = v.getByRole('dialog', { name: 'Book a Meeting' });
    await dialog.waitFor();
    await pickDay(v, dayAhead(3, 'Australia/Sydney'));
    const [time] = await offeredTimes(v);
    await dialog.getByRole('button', { name: time, exact: true }).click();
    await fillGuest(v, { name: 'Vera Visitor', email: 'vera@example.test' });
    const book = dialog.getByRole('button', { name: 'Book Meeting' });
    // Date, time and details are in, but the terms box isn't ticked yet.
    expect(await book.isDisabled()).toBe(true);
    await agreeToTerms(dialog);
    expect(await book.isEnabled()).toBe(true);
    await screenshot(v, '4-book-a-meeting-dialog');
    await book.click();
    await expectToast(v, 'Booking Confirmed!');
    await dialog.waitFor({ state: 'hidden' });

    const bookings = await sql('select status from public.bookings where user_id = $1 and guest_email = $2', [host.id, 'vera@example.test']);
    expect(bookings).toEqual([{ status: 'confirmed' }]);
    expectNoErrors(errors);
    expectNoErrors(visitor.errors);
  }, JOURNEY_TIMEOUT);
});
