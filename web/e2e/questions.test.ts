// Booking questions end to end: a host adds a required single choice and a follow-up shown on one of
// its answers in the event type dialog (moving it above that question by keyboard is refused, moving
// it back saves); a guest books answering both; the host sees the answers on
// the booking's card and in the Bookings page's CSV export. The host lets guests invite two others;
// the guest adds one, whom the card and the CSV name too. axe checks the builder and the guest's form
// at desktop and phone size.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, expectToast, openPage, PHONE, resizeTo, screenshot, useBrowser } from './support/browser.ts';
import { clock, confirmationShown, dayAhead, expectNoErrors, fillGuest, hostEditingEventType, JOURNEY_TIMEOUT, navigate, pickDay, saveEventType } from './support/journey.ts';

const browser = useBrowser();

describe('booking questions', () => {
  it(
    'the host builds a required choice and a conditional follow-up; the guest answers both; the host reads them on the card and in the CSV',
    async () => {
      const { eventTypeId, h, dialog } = await hostEditingEventType(browser(), { firstName: 'Quinn', lastName: 'Query' }, { title: 'Intake call', duration: 30 }, { acceptDownloads: true });
      const form = dialog.getByRole('group', { name: 'Booking form' });
      const rows = form.getByRole('list', { name: 'Questions' }).getByRole('listitem');

      await form.getByRole('button', { name: 'Add question' }).click();
      const size = rows.nth(0);
      await size.getByLabel('Type', { exact: true }).selectOption({ label: 'Single choice' });
      await size.getByLabel('Question', { exact: true }).fill('Company size');
      await size.getByText('Required', { exact: true }).click();
      await size.getByLabel('Options', { exact: true }).fill('1-10\n11-50\n51+');
      await size.getByRole('button', { name: 'Done editing “Company size”' }).click();

      await form.getByRole('button', { name: 'Add question' }).click();
      const teams = rows.nth(1);
      await teams.getByLabel('Question', { exact: true }).fill('Which teams will join?');
      await teams.getByLabel('Show this question', { exact: true }).selectOption({ label: 'Only when “Company size” is…' });
      await teams.getByLabel('Answer', { exact: true }).selectOption('51+');
      await form.getByLabel('Phone', { exact: true }).selectOption('hidden');
      await form.getByRole('spinbutton', { name: 'Guests may add up to' }).fill('2');
      await form.scrollIntoViewIfNeeded();
      await screenshot(h.page, '27-question-builder');
      await expectAccessible(h.page, 'question builder (desktop)');
      await resizeTo(h.page, PHONE);
      await form.scrollIntoViewIfNeeded();
      await screenshot(h.page, '27-question-builder-phone');
      await expectAccessible(h.page, 'question builder (phone)');
      // A resize cancels a keyboard drag: the drags below start once the page has heard it.
      await resizeTo(h.page, DESKTOP);

      // By keyboard: the follow-up moved above the question it hangs on is refused with the
      // definition's words, and moved back it saves.
      // Each key waits for what a screen reader hears of the one before.
      const heard = h.page.locator('[id^="DndLiveRegion"]');
      const moveBy = async (name: string, arrow: 'ArrowUp' | 'ArrowDown', to: number) => {
        await form.getByRole('button', { name: `Move “${name}”`, exact: true }).focus();
        await h.page.keyboard.press('Space');
        await heard.getByText(`Picked up “${name}”`).waitFor({ state: 'attached' });
        await h.page.keyboard.press(arrow);
        await heard.getByText(`“${name}” is over position ${to} of 2.`).waitFor({ state: 'attached' });
        await h.page.keyboard.press('Space');
        await heard.getByText(`“${name}” was dropped at position ${to} of 2.`).waitFor({ state: 'attached' });
      };
      await moveBy('Which teams will join?', 'ArrowUp', 1);
      await expect.poll(() => form.getByRole('button', { name: /^Move / }).evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')))).toEqual(['Move “Which teams will join?”', 'Move “Company size”']);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await form.getByText('A question can only depend on an earlier one').first().waitFor();
      await moveBy('Which teams will join?', 'ArrowDown', 2);
      await expect.poll(() => form.getByRole('button', { name: /^Move / }).evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')))).toEqual(['Move “Company size”', 'Move “Which teams will join?”']);
      await saveEventType(h.page, dialog);
      const [saved] = await sql(`select questions, guest_fields, max_extra_attendees from public.event_types where id = $1`, [eventTypeId]);
      expect(saved).toEqual({
        questions: [
          { type: 'single_choice', slug: 'company-size', label: 'Company size', required: true, options: ['1-10', '11-50', '51+'], display: 'radio' },
          { type: 'short_text', slug: 'which-teams-will-join', label: 'Which teams will join?', required: false, showIf: { question: 'company-size', equals: '51+' } },
        ],
        guest_fields: { phone: 'hidden', company: 'optional', notes: 'optional' },
        max_extra_attendees: 2,
      });

      // The guest answers the choice, and the follow-up appears on the answer it hangs on.
      const g = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
      await g.page.goto(`/book/${eventTypeId}`);
      const main = g.page.locator('main');
      await g.page.getByRole('heading', { name: 'Intake call' }).waitFor();
      await pickDay(g.page, dayAhead(3, 'UTC'));
      await main.getByRole('button', { name: clock('10:00'), exact: true }).click();
      await fillGuest(g.page, { name: 'Greta Guest', email: 'greta@example.test' });
      expect(await main.getByRole('textbox', { name: /^Phone/ }).count()).toBe(0);
      await main.getByRole('button', { name: 'Book Meeting' }).click();
      const choice = main.getByRole('radiogroup', { name: 'Company size' });
      await choice.getByText('Please answer this question.').waitFor();
      // The toast, away from the field, names the question.
      await expectToast(g.page, 'Missing Information', 'Please answer “Company size”.');
      expect(await main.getByRole('textbox', { name: /Which teams/ }).count()).toBe(0);
      await choice.getByText('51+').click();
      await main.getByRole('textbox', { name: 'Which teams will join? (optional)' }).fill('Sales, and support');
      // One other person, added by keyboard: the new field takes the focus.
      const guests = main.getByRole('group', { name: 'Add guests' });
      await guests.getByRole('button', { name: 'Add a guest' }).focus();
      await g.page.keyboard.press('Enter');
      await g.page.keyboard.type('Gus@Example.test');
      expect(await guests.getByRole('textbox', { name: 'Guest 1 email' }).inputValue()).toBe('Gus@Example.test');
      await g.page.mouse.move(0, 0);
      await screenshot(g.page, '27-guest-form');
      await expectAccessible(g.page, 'guest form with questions (desktop)');
      await g.page.setViewportSize(PHONE);
      await screenshot(g.page, '27-guest-form-phone');
      await expectAccessible(g.page, 'guest form with questions (phone)');
      await main.getByRole('button', { name: 'Book Meeting' }).click();
      await confirmationShown(main, 'Booking Confirmed!');

      // The host reads the answers on the booking's card, and in the CSV of the list.
      await navigate(h.page, 'Bookings');
      const card = h.page.getByRole('article', { name: 'Intake call with Greta Guest' });
      const answers = card.getByRole('list', { name: 'Answers' });
      await answers.waitFor();
      expect(await answers.getByRole('listitem').allTextContents()).toEqual(['Company size: 51+', 'Which teams will join?: Sales, and support']);
      expect(await card.getByRole('list', { name: 'Also invited:' }).getByRole('listitem').allTextContents()).toEqual(['gus@example.test']);
      const [download] = await Promise.all([h.page.waitForEvent('download'), h.page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe('bookings-upcoming.csv');
      const csv = readFileSync((await download.path())!, 'utf8');
      const [header, row, ...rest] = csv.replace(/^\uFEFF/, '').split('\r\n');
      expect(rest).toEqual([]);
      expect(header).toBe('Start (UTC),End (UTC),Status,Guest name,Guest email,Phone,Company,Notes,Event type,Attendees,Company size,Which teams will join?');
      expect(row).toMatch(/^\d{4}-\d\d-\d\d 10:00,\d{4}-\d\d-\d\d 10:30,Confirmed,Greta Guest,greta@example.test,,,,Intake call,gus@example.test,51\+,"Sales, and support"$/);
      expectNoErrors(h.errors);
      expectNoErrors(g.errors);
    },
    JOURNEY_TIMEOUT,
  );
});
