// Journey 5 of issue 6: an owner builds a public team with a round-robin event type; a guest books
// it twice and the bookings go to different members; the owner reassigns one.
import { describe, expect, it } from 'vitest';
import { newUser } from '../../scripts/local/test/harness.ts';
import { slugify } from '../../supabase/functions/_shared/format.ts';
import { expectToast, openPage, screenshot, useBrowser, webUrl } from './support/browser.ts';
import { agreeToTerms, dayAhead, expectNoErrors, fillGuest, JOURNEY_TIMEOUT, navigate, offeredTimes, pickDay, signIn, unique } from './support/journey.ts';

const browser = useBrowser();

describe.concurrent('teams', () => {
  it('create, invite, round-robin event type, availability, public; two guest bookings on different members; reassigned', async () => {
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
    await expectToast(page, 'Member Invited', 'Team member has been added successfully.');
    await page.getByRole('tabpanel').getByText(memberFull).waitFor();
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
    await page.getByText(weekday, { exact: true }).click();
    await expectToast(page, 'Availability Updated');
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
      await dialog.getByRole('button', { name: time, exact: true }).click();
      await fillGuest(g, { name, email: `${name.split(' ')[0].toLowerCase()}@example.test` });
      await agreeToTerms(dialog);
      await dialog.getByRole('button', { name: 'Book Meeting' }).click();
      await expectToast(g, 'Booking Confirmed!');
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
