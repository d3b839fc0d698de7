// What journeys do again and again, the way a person does it: sign in, pick a day, read the times.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContextOptions, Frame, Locator, Page } from 'playwright-core';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { expect } from 'vitest';
import { newUser, sql, type TestUser } from '../../../scripts/local/test-stack/harness.ts';
import { DESKTOP, expectToast, openPage } from './browser.ts';

const DAY_MS = 86_400_000;

export function unique(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 6)}`;
}

/** What a host's event type is made of, as the journeys set it up. */
export interface EventTypeColumns {
  title: string;
  duration: number;
  color?: string;
  description?: string;
  auto_confirm?: boolean;
}

/**
 * A host open every day from `hours[0]` to `hours[1]` in `timezone` (UTC unless said) with one event
 * type: what a guest's journey needs, set up with the harness rather than the UI it is not about.
 */
export async function bookableHost(
  name: { firstName: string; lastName: string },
  eventType: EventTypeColumns,
  opts: { hours?: [string, string]; timezone?: string } = {},
): Promise<{ host: TestUser; eventTypeId: number }> {
  const host = await newUser(name);
  if (opts.timezone) await sql(`update public.profiles set timezone = $2 where id = $1`, [host.id, opts.timezone]);
  const [from, to] = opts.hours ?? ['09:00', '17:00'];
  await sql(
    `insert into public.availability_rules (user_id, day_of_week, start_time, end_time, is_enabled)
     select $1, d, $2, $3, true from generate_series(0, 6) d`,
    [host.id, from, to],
  );
  const columns = Object.keys(eventType);
  const [{ id }] = await sql(
    `insert into public.event_types (user_id, ${columns.join(', ')})
     values ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')}) returning id`,
    [host.id, ...Object.values(eventType)],
  );
  return { host, eventTypeId: Number(id) };
}

/** The guest's confirmation screen after booking ('Booking Confirmed!' or 'Booking Pending Approval'), once it shows. */
export async function confirmationShown(scope: Page | Frame | Locator, heading: 'Booking Confirmed!' | 'Booking Pending Approval'): Promise<Locator> {
  const region = scope.getByRole('region', { name: heading });
  await region.waitFor();
  return region;
}

/** Signs in through the form, as journey 1 proves it works; lands on the dashboard. */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Enter your email').fill(user.email);
  await page.getByPlaceholder('Enter your password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await expectToast(page, 'Welcome back!');
}

/** The dashboard's Edit Event Type dialog of the host's first event type, opened. */
export async function editEventType(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Edit' }).first().click();
  return page.getByRole('dialog', { name: 'Edit Event Type' });
}

/**
 * A host with a bookable event type (bookableHost), signed in on a desktop page of their own in UTC,
 * its Edit Event Type dialog open: where the journeys of an event type's settings begin.
 */
export async function hostEditingEventType(browser: Browser, name: { firstName: string; lastName: string }, eventType: EventTypeColumns, options: BrowserContextOptions = {}) {
  const made = await bookableHost(name, eventType);
  const h = await openPage(browser, { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP, ...options });
  await signIn(h.page, made.host);
  return { ...made, h, dialog: await editEventType(h.page) };
}

/** Saves the Edit Event Type dialog; returns once the toast says it was saved. */
export async function saveEventType(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Event type updated successfully');
}

/** A calendar day as the person in `timeZone` sees it, `days` days from now. */
export interface Day {
  key: string; // yyyy-MM-dd
  label: string; // the date picker cell's name
  month: string; // the date picker's month heading
  monthsAhead: number; // presses of 'Next month' from the current month
}

function monthIndex(instant: Date, timeZone: string): number {
  const [year, month] = formatInTimeZone(instant, timeZone, 'yyyy-MM').split('-').map(Number);
  return year * 12 + month;
}

export function dayAhead(days: number, timeZone: string, from = new Date()): Day {
  const instant = new Date(from.getTime() + days * DAY_MS);
  return {
    key: formatInTimeZone(instant, timeZone, 'yyyy-MM-dd'),
    label: formatInTimeZone(instant, timeZone, 'EEEE, MMMM d, yyyy'),
    month: formatInTimeZone(instant, timeZone, 'MMMM yyyy'),
    monthsAhead: monthIndex(instant, timeZone) - monthIndex(from, timeZone),
  };
}

/** The first day at least `minDays` ahead that falls on `weekday` (0 = Sunday) in `timeZone`. */
export function nextWeekday(weekday: number, minDays: number, timeZone: string): Day {
  for (let days = minDays; days < minDays + 7; days++) {
    const instant = new Date(Date.now() + days * DAY_MS);
    if (Number(formatInTimeZone(instant, timeZone, 'i')) % 7 === weekday) return dayAhead(days, timeZone);
  }
  throw new Error('unreachable: every week has that weekday');
}

/** HH:mm in `visitorZone` of the wall time `hhmm` on `day` in `hostZone`. */
export function wallTimeIn(day: string, hhmm: string, hostZone: string, visitorZone: string): string {
  return formatInTimeZone(fromZonedTime(`${day}T${hhmm}:00`, hostZone), visitorZone, 'HH:mm');
}

/** Half-hour starts from `from` up to but excluding `to` (HH:mm). */
export function halfHours(from: string, to: string): string[] {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const out: string[] = [];
  for (let m = minutes(from); m < minutes(to); m += 30) out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return out;
}

/**
 * Moves the date picker to the day's month with the arrows, one month at a time, once its free days are
 * known: it then opens on the month of the first free day, which on a month's last days (a day's notice)
 * is already the next one.
 */
export async function showMonth(page: Page | Frame, day: Day): Promise<void> {
  await page.locator('[role=grid]:not([aria-busy])').first().locator('[role=gridcell]:not([disabled])').first().waitFor();
  const month = page.getByText(day.month, { exact: true });
  for (let step = 0; step < day.monthsAhead && !(await month.isVisible()); step++) await page.getByRole('button', { name: 'Next month' }).click();
  await month.waitFor();
}

/** Picks the day in the date picker (showMonth). */
export async function pickDay(page: Page | Frame, day: Day): Promise<void> {
  await showMonth(page, day);
  await page.getByRole('gridcell', { name: day.label, exact: true }).click();
}

/** A clock time HH:mm as the journeys' browsers (en-US: the 12-hour clock) show it: 09:00 → 9:00 AM. */
function clockText(hhmm: string): string {
  const hour = Number(hhmm.slice(0, 2));
  return `${hour % 12 || 12}:${hhmm.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The name of the time button that shows HH:mm: the day, its date, the clock time as the journeys'
 * browsers show it, and "available" ("Thursday, December 3, 9:00 AM, available"; SlotGrid).
 */
export function clock(hhmm: string): RegExp {
  return new RegExp(`, ${clockText(hhmm)}, available$`);
}

/** 9:00 AM → 09:00, so journeys compare times as numbers say them. */
function hhmm(label: string): string {
  const [, hour, minute, period] = /^(\d+):(\d\d) (AM|PM)/.exec(label) ?? [];
  if (!hour) return label;
  return `${String((Number(hour) % 12) + (period === 'PM' ? 12 : 0)).padStart(2, '0')}:${minute}`;
}

/** The start times offered for the picked day (HH:mm), once they have loaded. */
export async function offeredTimes(page: Page): Promise<string[]> {
  const grid = page.getByRole('group', { name: 'Available times' });
  await grid.or(page.getByText('No available times on this day.')).waitFor();
  return (await grid.isVisible()) ? (await grid.getByRole('button').allTextContents()).map((t) => hhmm(t.trim())) : [];
}

/** Guest details of the booking forms (page and dialog use the same fields). */
export async function fillGuest(page: Page, guest: { name: string; email: string; notes?: string }): Promise<void> {
  await page.getByLabel('Full Name').fill(guest.name);
  await page.getByLabel('Email', { exact: true }).fill(guest.email);
  if (guest.notes) await page.getByLabel('Notes (optional)').fill(guest.notes);
}

/** Asserts the page logged no errors (crashes, failed renders) while the journey ran. */
export function expectNoErrors(errors: string[]): void {
  expect(errors).toEqual([]);
}

/** A journey is many screens; the machine running it may be busy, so each gets more than the project default. */
export const JOURNEY_TIMEOUT = 240_000;

/** Follows a link of the signed-in top bar (desktop width). */
/**
 * Follows a main-navigation link and waits, as a person would, until it is the current page: the
 * router keeps the previous page on screen while the next one loads, and that page may have the
 * same buttons (both availability and dashboard offer 'Create Your First Event Type').
 */
export async function navigate(page: Page, label: string): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: label, exact: true });
  await link.click();
  await page.getByRole('navigation', { name: 'Main', exact: true }).locator('a[aria-current="page"]', { hasText: label }).waitFor();
}

/** Ticks the dialog's terms box (its label holds a link, so the box itself is what a person clicks). */
export async function agreeToTerms(dialog: Locator): Promise<void> {
  await dialog.locator('[data-scope="checkbox"][data-part="control"]').click();
}

/** A switch by the label it shows now (labels such as 'Public Profile' also head pages). */
export function switchLabel(page: Page, text: string): Locator {
  return page.locator('[data-scope="switch"][data-part="label"]').getByText(text, { exact: true });
}
