// Four scheduling journeys, run side by side (one browser, each journey its own contexts):
// 2 a host sets up hours and a manually approved event type and shares it; 3 a guest in another
// time zone books it, the host confirms and cancels, the slot goes and comes back; 4 a public
// profile found in the community and booked through the 'Book a Meeting' dialog; 5 a public team
// with a member who accepts an invitation and a round-robin event type booked twice, on different
// members, one reassigned; and the booking page's address keeping a guest's place.
import { zoneLabel } from '../src/lib/zones.ts';
import { describe, expect, it } from 'vitest';
import { newUser, sql } from '../../scripts/local/test-stack/harness.ts';
import { waitForMails } from '../../scripts/local/test-stack/mailpit.ts';
import { slugify } from '../../supabase/functions/_shared/rules/format.ts';
import { expectToast, openPage, screenshot, useBrowser, webUrl } from './support/browser.ts';
import {
  clock,
  agreeToTerms,
  bookableHost,
  confirmationShown,
  dayAhead,
  expectNoErrors,
  fillGuest,
  halfHours,
  JOURNEY_TIMEOUT,
  navigate,
  nextWeekday,
  offeredTimes,
  pickDay,
  signIn,
  switchLabel,
  unique,
  wallTimeIn,
} from './support/journey.ts';

const browser = useBrowser();

describe.concurrent('host set-up', () => {
  it('working hours with two ranges on Monday, buffers and notice; an event type with manual approval; its link shared', async () => {
    const host = await newUser({ firstName: 'Hana', lastName: 'Host' });
    const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', permissions: ['clipboard-read', 'clipboard-write'] });
    await signIn(page, host);

    await navigate(page, 'Availability');
    await page.getByRole('heading', { name: 'Working Hours' }).waitFor();
    await page.getByText('Monday', { exact: true }).click();
    await page.getByLabel('Monday range 1 end').selectOption('12:00');
    await page.getByRole('button', { name: 'Add time range' }).click();
    await page.getByLabel('Monday range 2 start').selectOption('13:00');
    await page.getByRole('button', { name: 'Save Working Hours' }).click();
    await expectToast(page, 'Availability updated successfully');

    await page.getByLabel('Buffer before').selectOption('15');
    await page.getByLabel('Buffer after').selectOption('5');
    await page.getByLabel('Minimum notice').selectOption({ label: '1 hour' });
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings updated successfully');
    await screenshot(page, '2-availability-saved');

    // What was saved is what the page shows after a reload.
    await page.reload();
    await page.getByLabel('Monday range 2 start').waitFor();
    expect(
      await Promise.all(
        ['Monday range 1 start', 'Monday range 1 end', 'Monday range 2 start', 'Monday range 2 end'].map((l) => page.getByLabel(l).inputValue()),
      ),
    ).toEqual(['09:00', '12:00', '13:00', '17:00']);
    expect(await page.getByLabel('Buffer before').inputValue()).toBe('15');
    expect(await page.getByLabel('Buffer after').inputValue()).toBe('5');
    expect(await page.getByLabel('Minimum notice').inputValue()).toBe('60');

    await navigate(page, 'Dashboard');
    await page.getByRole('button', { name: 'Create Your First Event Type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Event Type' });
    await dialog.getByLabel('Title').fill('Strategy Session');
    await dialog.getByLabel('Description').fill('Plan the next quarter together.');
    await dialog.getByLabel('Duration').selectOption('45');
    await dialog.getByText('Auto-confirm bookings').click();
    await dialog.getByText('Manual approval required').waitFor();
    await screenshot(page, '2-event-type-dialog');
    await dialog.getByRole('button', { name: 'Create Event Type' }).click();
    await expectToast(page, 'Event type created successfully');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('45 minutes · Manual approval').waitFor();

    const [eventType] = await sql('select id, auto_confirm from public.event_types where user_id = $1', [host.id]);
    expect(eventType.auto_confirm).toBe(false);
    // Share opens the dialog; the link is copied when the host asks.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Copy', exact: true }).click();
    await expectToast(page, 'Link Copied');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${webUrl()}/book/${eventType.id}`);
    await screenshot(page, '2-dashboard-link-copied');

    // The shared link books the 45-minute meeting inside either Monday range, never in the gap between.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Strategy Session' }).waitFor();
    expect(await page.getByText('Book with Hana Host').isVisible()).toBe(true);
    expect(await page.getByText('Times shown in UTC').isVisible()).toBe(true);
    await pickDay(page, nextWeekday(1, 1, 'UTC'));
    const times = await offeredTimes(page);
    expect(times).toEqual(expect.arrayContaining(['09:00', '11:00', '13:00', '16:00']));
    for (const outside of ['08:30', '12:00', '12:30', '17:00']) expect(times).not.toContain(outside);
    await screenshot(page, '2-shared-link-monday');
    expectNoErrors(errors);
  }, JOURNEY_TIMEOUT);
});

describe.concurrent('booking across time zones', () => {
  it('a guest in New York books a Berlin host, who confirms; the slot is gone, then back after cancelling', async () => {
    const { host, eventTypeId } = await bookableHost(
      { firstName: 'Bert', lastName: 'Berlin' },
      { title: 'Consultation', duration: 30, color: '#8b5cf6', auto_confirm: false },
      { timezone: 'Europe/Berlin' },
    );
    // Default notice (1 day) and buffers (10 minutes) stay: three days ahead is bookable.
    const day = dayAhead(3, 'America/New_York');
    const expected = halfHours('09:00', '17:00').map((t) => wallTimeIn(day.key, t, 'Europe/Berlin', 'America/New_York'));
    const first = expected[0];
    const guestName = unique('Gus Guest');

    const guest = await openPage(browser(), { timezoneId: 'America/New_York', locale: 'en-US' });
    const g = guest.page;
    await g.goto(`/book/${eventTypeId}`);
    await g.getByRole('heading', { name: 'Consultation' }).waitFor();
    expect(await g.getByText(`Times shown in ${zoneLabel('America/New_York')}`).isVisible()).toBe(true);
    await pickDay(g, day);
    expect(await offeredTimes(g)).toEqual(expected);
    await g.getByRole('button', { name: clock(first), exact: true }).click();
    await fillGuest(g, { name: guestName, email: 'gus@example.test', notes: 'About the merger' });
    await screenshot(g, '3-guest-new-york-times');
    await g.getByRole('button', { name: 'Book Meeting' }).click();
    const pending = await confirmationShown(g, 'Booking Pending Approval');
    await pending.getByText("Booking request sent! You'll receive confirmation once the host approves it.").waitFor();
    await screenshot(g, '3-guest-pending-approval');

    const owner = await openPage(browser(), { timezoneId: 'Europe/Berlin', locale: 'en-US' });
    const h = owner.page;
    await signIn(h, host);
    await navigate(h, 'Bookings');
    const card = h.getByRole('article', { name: `Consultation with ${guestName}` });
    await card.getByText('Awaiting Confirmation').waitFor();
    // The host reads the same meeting at 9:00 in Berlin.
    expect(await card.textContent()).toContain('9:00 AM');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(h, 'Booking Confirmed');
    await card.getByText('Confirmed', { exact: true }).waitFor();
    await screenshot(h, '3-host-confirmed');

    await g.reload();
    await pickDay(g, day);
    expect(await offeredTimes(g)).not.toContain(first);
    await screenshot(g, '3-guest-slot-gone');

    await card.getByRole('button', { name: 'Cancel' }).click();
    await expectToast(h, 'Booking Cancelled');
    await h.getByText('No upcoming bookings').waitFor();
    await h.getByRole('tab', { name: 'Cancelled' }).click();
    await card.getByText('Cancelled', { exact: true }).waitFor();
    await screenshot(h, '3-host-cancelled');

    await g.reload();
    await pickDay(g, day);
    expect(await offeredTimes(g)).toEqual(expected);
    expectNoErrors(guest.errors);
    expectNoErrors(owner.errors);
  }, JOURNEY_TIMEOUT);
});

describe.concurrent('public profile', () => {
  it('handle with availability indicator, made public, found in the community, booked through the dialog', async () => {
    const lastName = unique('Public');
    const { host } = await bookableHost({ firstName: 'Priya', lastName }, { title: 'Discovery Call', description: 'Find out how I can help.', duration: 30 });
    const taken = unique('taken');
    const other = await newUser();
    await sql('update public.profiles set handle = $2 where id = $1', [other.id, taken]);
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
    await dialog.getByRole('button', { name: clock(time), exact: true }).click();
    await fillGuest(v, { name: 'Vera Visitor', email: 'vera@example.test' });
    const book = dialog.getByRole('button', { name: 'Book Meeting' });
    // Date, time and details are in, but the terms box isn't ticked yet.
    expect(await book.isDisabled()).toBe(true);
    await agreeToTerms(dialog);
    expect(await book.isEnabled()).toBe(true);
    await screenshot(v, '4-book-a-meeting-dialog');
    await book.click();
    await confirmationShown(dialog, 'Booking Confirmed!');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const bookings = await sql('select status from public.bookings where user_id = $1 and guest_email = $2', [host.id, 'vera@example.test']);
    expect(bookings).toEqual([{ status: 'confirmed' }]);
    expectNoErrors(errors);
    expectNoErrors(visitor.errors);
  }, JOURNEY_TIMEOUT);
});

describe.concurrent('teams', () => {
  it('create, invite, the member accepts, round-robin event type, availability, public; two guest bookings on different members; reassigned', async () => {
    const ownerName = { firstName: 'Olga', lastName: unique('Owner') };
    const memberName = { firstName: 'Milo', lastName: unique('Member') };
    const [owner, member] = await Promise.all([newUser(ownerName), newUser(memberName)]);
    const ownerFull = `${ownerName.firstName} ${ownerName.lastName}`;
    const memberFull = `${memberName.firstName} ${memberName.lastName}`;
    const teamName = `Orbit Crew ${unique('x').slice(2)}`;
    const slug = slugify(teamName);
    // Team availability is read as UTC; the guest is in UTC too, so the day is the same for both.
    const day = dayAhead(3, 'UTC');
    const weekday = day.label.split(',')[0];

    const { page, errors } = await openPage(browser(), { timezoneId: 'UTC' });
    await signIn(page, owner);
    await navigate(page, 'Teams');
    await page.getByText('No teams yet').waitFor();
    await page.getByRole('button', { name: 'Create Your First Team' }).click();
    const create = page.getByRole('dialog', { name: 'Create Team' });
    await create.getByLabel('Team Name').fill(teamName);
    expect(await create.getByLabel('Team URL').inputValue()).toBe(slug);
    await screenshot(page, '5-create-team-slug');
    await create.getByRole('button', { name: 'Create Team' }).click();
    await expectToast(page, 'Team Created');
    const teamCard = page.getByRole('article', { name: teamName });
    await teamCard.getByText(`/team/${slug}`).waitFor();
    await teamCard.getByRole('link', { name: 'Team Dashboard' }).click();
    await page.getByRole('heading', { name: teamName }).waitFor();

    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByRole('button', { name: 'Invite Member' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Member' });
    await invite.getByLabel('Email').fill(member.email);
    await invite.getByRole('button', { name: 'Invite Member' }).click();
    await expectToast(page, 'Member Invited', `${member.email} will join the team once they accept the invitation.`);
    await page.getByRole('region', { name: 'Pending Invitations' }).getByText(member.email).waitFor();
    await screenshot(page, '5-pending-invitation');

    // Only the member's own acceptance makes them a member: the invitation waits on their Teams page,
    // and they accept through the link mailed to them (the proof that the address is theirs).
    const invitee = await openPage(browser(), { timezoneId: 'UTC' });
    await signIn(invitee.page, member);
    await navigate(invitee.page, 'Teams');
    await invitee.page.getByRole('article', { name: `Invitation to ${teamName}` }).waitFor();
    await screenshot(invitee.page, '5-invitation');
    const [mail] = await waitForMails(member.email, 1);
    await invitee.page.goto(new URL(/(http\S+\/invitations\/[\w-]+)/.exec(mail.Text)![1]).pathname);
    await invitee.page.getByRole('button', { name: `Accept invitation to ${teamName}` }).click();
    await expectToast(invitee.page, 'Invitation Accepted', 'You are now a member of the team.');
    await invitee.page.getByRole('heading', { name: teamName }).waitFor();
    expectNoErrors(invitee.errors);

    await page.reload();
    await page.getByRole('tab', { name: 'Members' }).click();
    const members = page.getByRole('tabpanel', { name: 'Members' });
    await members.getByText(memberFull).waitFor();
    // Name, email, then the role badge of the invited user's row.
    expect(await members.textContent()).toContain(`${memberFull}${member.email}member`);
    await screenshot(page, '5-members');

    await page.getByRole('tab', { name: 'Event Types' }).click();
    await page.getByRole('button', { name: 'Create Event Type' }).click();
    const eventDialog = page.getByRole('dialog', { name: 'Create Event Type' });
    await eventDialog.getByLabel('Title').fill('Team Intro');
    expect(await eventDialog.getByLabel('Assignment').inputValue()).toBe('round_robin');
    await eventDialog.getByRole('button', { name: 'Create Event Type' }).click();
    await expectToast(page, 'Event Type Created');
    await page.getByText('30 minutes · Round Robin').waitFor();

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Team Settings' }).waitFor();
    await page.getByRole('tab', { name: 'Availability' }).click();
    // A new team starts with Monday to Friday 09:00-17:00; a weekend day is switched on here.
    await page.getByLabel('Monday range 1 start').waitFor();
    if (weekday === 'Saturday' || weekday === 'Sunday') {
      await page.getByText(weekday, { exact: true }).click();
      await expectToast(page, 'Availability Updated');
    }
    expect(await page.getByLabel(`${weekday} range 1 start`).inputValue()).toBe('09:00');
    await screenshot(page, '5-team-availability');
    await page.getByRole('tab', { name: 'Sharing' }).click();
    await page.getByRole('button', { name: 'Make Team Public' }).click();
    await expectToast(page, 'Team Updated', 'Team settings have been saved successfully.');
    expect(await page.getByLabel('Public team URL').inputValue()).toBe(`${webUrl()}/team/${slug}`);
    await screenshot(page, '5-team-public');

    const guest = await openPage(browser(), { timezoneId: 'UTC' });
    const g = guest.page;
    await g.goto(`/team/${slug}`);
    await g.getByRole('heading', { name: teamName }).waitFor();
    expect(await g.getByText('2 members').isVisible()).toBe(true);
    await screenshot(g, '5-public-team-page');
    for (const [time, name] of [
      ['09:00', 'Greta Guest'],
      ['11:00', 'Gil Guest'],
    ]) {
      await g.getByRole('button', { name: 'Book Now' }).click();
      const dialog = g.getByRole('dialog', { name: 'Book a Meeting' });
      await pickDay(g, day);
      expect(await offeredTimes(g)).toContain(time);
      await dialog.getByRole('button', { name: clock(time), exact: true }).click();
      await fillGuest(g, { name, email: `${name.split(' ')[0].toLowerCase()}@example.test` });
      await agreeToTerms(dialog);
      await dialog.getByRole('button', { name: 'Book Meeting' }).click();
      await confirmationShown(dialog, 'Booking Confirmed!');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }

    await page.getByRole('link', { name: 'Back to Team' }).click();
    await page.getByRole('tab', { name: 'Bookings' }).click();
    const rows = page.getByRole('tabpanel', { name: 'Bookings' }).getByRole('article');
    const assignees = async () => (await rows.allTextContents()).map((text) => /Assigned to: (.*?)(Assign to|Cancel|$)/.exec(text)?.[1]);
    await rows.nth(1).waitFor();
    expect((await assignees()).sort()).toEqual([memberFull, ownerFull].sort());
    await screenshot(page, '5-team-bookings-round-robin');

    const memberRow = rows.filter({ hasText: `Assigned to: ${memberFull}` });
    await memberRow.getByLabel('Assign to member').selectOption({ label: ownerFull });
    await expectToast(page, 'Booking Assigned');
    await memberRow.waitFor({ state: 'detached' });
    expect(await assignees()).toEqual([ownerFull, ownerFull]);
    await screenshot(page, '5-team-booking-reassigned');
    expectNoErrors(errors);
    expectNoErrors(guest.errors);
  }, JOURNEY_TIMEOUT);
});

// Last and alone, not beside the other journeys: it ends long before them, and the global expect.poll they use
// refuses to run once a concurrent test has ended.
describe('the booking page address', () => {
  it("keeps the guest's day, time and zone across a reload, Back and Forward", async () => {
    const zone = 'America/New_York';
    const { eventTypeId } = await bookableHost({ firstName: 'Uma', lastName: unique('Address') }, { title: 'Address call', duration: 30, color: '#3b82f6' });
    const { page, errors } = await openPage(browser(), { timezoneId: 'Asia/Kathmandu' });
    const param = (name: string) => new URL(page.url()).searchParams.get(name);
    const cell = (day: { label: string }) => page.getByRole('gridcell', { name: day.label, exact: true });
    await page.goto(`/book/${eventTypeId}`);

    // The guest's browser is in Kathmandu; they read the times in New York. The address changes before the
    // page renders the new zone, so the picker is read once New York's times are in: before, it may still show
    // Kathmandu's, and a 'Next month' pressed just as New York's arrive moves on from their month, not the old.
    const newYorkTimes = page.waitForResponse((response) => response.url().includes(`timeZone=${encodeURIComponent(zone)}`));
    await page.getByLabel('Timezone').selectOption(zone);
    await newYorkTimes;
    await expect.poll(() => param('tz')).toBe(zone);
    const first = dayAhead(3, zone);
    await pickDay(page, first);
    const [time] = await offeredTimes(page);
    await page.getByRole('group', { name: 'Available times' }).getByRole('button', { name: clock(time) }).click();
    await expect.poll(() => [param('date'), param('time') !== null, param('tz')]).toEqual([first.key, true, zone]);
    const chosen = param('time');

    // A reload opens where the guest was: the day, the time and the zone.
    await page.reload();
    await expect.poll(async () => cell(first).getAttribute('aria-selected')).toBe('true');
    await expect.poll(async () => page.getByRole('button', { name: clock(time), pressed: true }).count()).toBe(1);
    expect(await page.getByLabel('Timezone').inputValue()).toBe(zone);
    expect(param('time')).toBe(chosen);

    // Another day is a step of its own: Back returns to the first, Forward to the second.
    const second = dayAhead(4, zone);
    await pickDay(page, second);
    await expect.poll(() => param('date')).toBe(second.key);
    await page.goBack();
    await expect.poll(() => param('date')).toBe(first.key);
    await expect.poll(async () => cell(first).getAttribute('aria-selected')).toBe('true');
    await page.goForward();
    await expect.poll(() => param('date')).toBe(second.key);
    await expect.poll(async () => cell(second).getAttribute('aria-selected')).toBe('true');
    expectNoErrors(errors);
  }, JOURNEY_TIMEOUT);
});
