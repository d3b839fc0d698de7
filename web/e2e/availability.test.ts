// Journey 9: a host adds a date override and a week off on the Availability page, and a guest's public
// booking page follows: the overridden date offers only its own hours, the week off offers nothing, the
// day after it is back to the weekly hours.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { expectToast, openPage, screenshot, useBrowser } from './support/browser.ts';
import { bookableHost, type Day, dayAhead, expectNoErrors, halfHours, JOURNEY_TIMEOUT, navigate, offeredTimes, pickDay, showMonth, signIn } from './support/journey.ts';

const browser = useBrowser();

/** Picks a day on the override calendar of the Availability page, moving month by month. */
async function pickOverrideDay(page: Page, day: Day): Promise<void> {
  const calendar = page.getByRole('grid', { name: 'Pick a date to override' });
  for (let step = 0; step < day.monthsAhead; step++) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByText(day.month, { exact: true }).waitFor();
  await calendar.getByRole('gridcell', { name: day.label, exact: true }).click();
}

describe.concurrent('date overrides and time off', () => {
  it('an override and a week off, set on the Availability page, change what the public booking page offers', async () => {
    const { host, eventTypeId } = await bookableHost({ firstName: 'Olga', lastName: 'Override' }, { title: 'Coaching Session', duration: 30 });
    // Default notice (a day) and buffers (10 minutes) stay: everything below is days ahead.
    const override = dayAhead(3, 'UTC');
    const [firstOff, lastOff, back] = [dayAhead(6, 'UTC'), dayAhead(12, 'UTC'), dayAhead(13, 'UTC')];

    const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US' });
    await signIn(page, host);
    await navigate(page, 'Availability');
    await page.getByRole('heading', { name: 'Date Overrides' }).waitFor();
    await pickOverrideDay(page, override);
    await page.getByLabel('Override range 1 start').selectOption('13:00');
    await page.getByLabel('Override range 1 end').selectOption('15:00');
    await page.getByRole('button', { name: 'Save Override' }).click();
    await expectToast(page, 'Date override saved');
    const overrides = page.getByRole('list', { name: 'Upcoming overrides' });
    await overrides.getByText('1:00 PM–3:00 PM').waitFor();

    await page.getByLabel('From', { exact: true }).fill(firstOff.key);
    await page.getByLabel('To', { exact: true }).fill(lastOff.key);
    await page.getByLabel('Note (only you see it)').fill('Conference week');
    await page.getByRole('button', { name: 'Add Time Off' }).click();
    await expectToast(page, 'Time off added');
    await page.getByRole('list', { name: 'Upcoming time off' }).getByText('Conference week').waitFor();
    await screenshot(page, '9-availability-override-and-time-off');

    const [saved] = await sql(`select count(*)::int as n from public.date_overrides where user_id = $1`, [host.id]);
    expect(saved.n).toBe(1);

    const guest = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US' });
    const g = guest.page;
    await g.goto(`/book/${eventTypeId}`);
    await g.getByRole('heading', { name: 'Coaching Session' }).waitFor();
    await pickDay(g, override);
    expect(await offeredTimes(g)).toEqual(['13:00', '13:30', '14:00', '14:30']);
    await screenshot(g, '9-guest-override-day');

    // The week off: every day of it is disabled in the date picker; the day after is bookable again.
    for (const day of [firstOff, dayAhead(9, 'UTC'), lastOff]) {
      await g.goto(`/book/${eventTypeId}`);
      await g.getByRole('heading', { name: 'Coaching Session' }).waitFor();
      await showMonth(g, day);
      // The month's times are in (showMonth): the day is disabled, having none.
      await g.getByRole('gridcell', { name: day.label, exact: true, disabled: true }).waitFor();
    }
    await g.goto(`/book/${eventTypeId}`);
    await pickDay(g, back);
    expect(await offeredTimes(g)).toEqual(halfHours('09:00', '17:00'));
    await screenshot(g, '9-guest-after-time-off');
    expectNoErrors(errors);
    expectNoErrors(guest.errors);
  }, JOURNEY_TIMEOUT);
});
