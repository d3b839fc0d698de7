import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server.ts';
import { recordBody, renderRoute, restGet, rpc, signedInAs, USER_ID } from '../../test/utils.tsx';
import { retypedAfterRefusal } from '../../test/eventTypeDialog.ts';

const NO_RULES = { buffer_before: null, buffer_after: null, minimum_notice: null, max_future_bookings: null, slot_interval: '30', max_bookings_per_day: null, max_bookings_per_week: null };
const existing = { id: 3, user_id: USER_ID, title: 'Intake', description: null, duration: 30, color: '#3b82f6', is_active: true, auto_confirm: true, created_at: '', updated_at: '', locations: [], ...NO_RULES };
const QUESTIONS = [
  { type: 'short_text', slug: 'topic', label: 'Topic', required: true },
  { type: 'yes_no', slug: 'first-time', label: 'First time?', required: false },
  { type: 'long_text', slug: 'history', label: 'What did you try?', required: false, showIf: { question: 'first-time', equals: false } },
];

/** The dashboard with `eventType` to edit, its dialog open; `posted` keeps what Save sends. */
async function editing(eventType: object) {
  signedInAs();
  const posted = recordBody('patch', '/rest/v1/event_types', (sent) => HttpResponse.json({ ...existing, ...sent }));
  server.use(restGet('bookings', []), restGet('event_types', [eventType]), restGet('zoom_connections', []), rpc('dashboard_stats', { total_bookings: 0, total_hours: 0, active_clients: 0, revenue: 0 }), posted.handler);
  renderRoute('/dashboard');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Event Type' });
  return { posted, user, dialog, questions: () => within(dialog).getByRole('list', { name: 'Questions' }) };
}

afterEach(() => vi.restoreAllMocks());

describe('question builder', () => {
  it('adds a required single choice and a follow-up shown on one of its answers, sets the built-in fields, and saves the definition', async () => {
    const { posted, user, dialog, questions } = await editing(existing);
    const form = within(dialog).getByRole('group', { name: 'Booking form' });
    expect(within(form).getAllByText('Always asked')).toHaveLength(2);
    await user.selectOptions(within(form).getByLabelText('Phone'), 'Hidden');
    await user.selectOptions(within(form).getByLabelText('Notes'), 'Required');

    await user.click(within(form).getByRole('button', { name: 'Add question' }));
    await user.selectOptions(within(questions()).getByLabelText('Type'), 'Single choice');
    await user.type(within(questions()).getByLabelText('Question'), 'Company size');
    // The key of a new question follows its label.
    expect(within(questions()).getByLabelText('Key')).toHaveValue('company-size');
    await user.click(within(questions()).getByLabelText('Required'));
    const options = within(questions()).getByLabelText('Options');
    await user.clear(options);
    await user.type(options, '1-10{Enter}11-50{Enter}51+');
    await user.click(within(questions()).getByRole('button', { name: 'Done editing “Company size”' }));

    await user.click(within(form).getByRole('button', { name: 'Add question' }));
    const second = within(questions()).getAllByRole('listitem')[1]!;
    await user.type(within(second).getByLabelText('Question'), 'Which team?');
    await user.selectOptions(within(second).getByLabelText('Show this question'), 'Only when “Company size” is…');
    await user.selectOptions(within(second).getByLabelText('Answer'), '51+');

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event type updated successfully')).toBeInTheDocument();
    expect(posted.body.guest_fields).toEqual({ phone: 'hidden', company: 'optional', notes: 'required' });
    expect(posted.body.questions).toEqual([
      { type: 'single_choice', slug: 'company-size', label: 'Company size', required: true, options: ['1-10', '11-50', '51+'], display: 'radio' },
      { type: 'short_text', slug: 'which-team', label: 'Which team?', required: false, showIf: { question: 'company-size', equals: '51+' } },
    ]);
  });

  it('offers only earlier questions for a condition, and shows the definition’s message when the one a condition names is removed', async () => {
    const { posted, user, dialog, questions } = await editing({ ...existing, questions: QUESTIONS });
    const [topic, , history] = within(questions()).getAllByRole('listitem');
    await user.click(within(topic!).getByRole('button', { name: 'Edit “Topic”' }));
    // The first question has nothing above it to depend on.
    expect(within(within(topic!).getByLabelText('Show this question')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Always']);
    await user.click(within(history!).getByRole('button', { name: 'Edit “What did you try?”' }));
    expect(within(within(history!).getByLabelText('Show this question')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Always',
      'Only when “Topic” is…',
      'Only when “First time?” is…',
    ]);
    expect(within(history!).getByLabelText('Answer')).toHaveValue('no');
    // A saved question keeps its key when its label changes: answers and links already use it.
    await user.type(within(topic!).getByLabelText('Question'), ' of the call');
    expect(within(topic!).getByLabelText('Key')).toHaveValue('topic');

    await user.click(within(questions()).getByRole('button', { name: 'Remove “First time?”' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(questions()).findByText('A question can only depend on an earlier one')).toBeInTheDocument();
    expect(posted.body).toEqual({});
    const follow = within(questions()).getAllByRole('listitem')[1]!;
    expect(within(follow).getByLabelText('Show this question')).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(within(follow).getByLabelText('Show this question'), 'Always');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event type updated successfully')).toBeInTheDocument();
    expect(posted.body.questions).toEqual([
      { type: 'short_text', slug: 'topic', label: 'Topic of the call', required: true },
      { type: 'long_text', slug: 'history', label: 'What did you try?', required: false },
    ]);
  });

  it('reorders by keyboard, announcing each step, and saves the new order', async () => {
    // jsdom lays nothing out: each row gets the box it would have, stacked 60px apart, for dnd-kit's keyboard moves.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const row = this.closest('[data-question-row]');
      const index = row ? [...row.parentElement!.children].indexOf(row) : 0;
      return { x: 0, y: index * 60, top: index * 60, left: 0, bottom: index * 60 + 50, right: 400, width: 400, height: 50, toJSON: () => ({}) } as DOMRect;
    });
    const { posted, user, dialog } = await editing({ ...existing, questions: QUESTIONS });
    const handle = within(dialog).getByRole('button', { name: 'Move “Topic”' });
    handle.focus();
    const press = async (code: string, key = code) => {
      await act(async () => {
        fireEvent.keyDown(document.activeElement!, { code, key });
      });
    };
    // What a screen reader hears: every text dnd-kit's live region says, in order.
    const heard: string[] = [];
    const listening = new MutationObserver(() => {
      const said = document.querySelector('[id^="DndLiveRegion"]')?.textContent;
      if (said && heard.at(-1) !== said) heard.push(said);
    });
    listening.observe(document.body, { subtree: true, childList: true, characterData: true });
    await press('Space', ' ');
    await waitFor(() => expect(heard).toEqual(['Picked up “Topic”, at position 1 of 3.']));
    await press('ArrowDown');
    await waitFor(() => expect(heard.at(-1)).toBe('“Topic” is over position 2 of 3.'));
    await press('Space', ' ');
    await waitFor(() => expect(heard.at(-1)).toBe('“Topic” was dropped at position 2 of 3.'));
    listening.disconnect();
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /^Move/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Move “First time?”', 'Move “Topic”', 'Move “What did you try?”']));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event type updated successfully')).toBeInTheDocument();
    expect((posted.body.questions as { slug: string }[]).map((q) => q.slug)).toEqual(['first-time', 'topic', 'history']);
  });

  it('lets guests add up to N other people (0 = off), refusing more than the cap', async () => {
    const { posted, user, dialog } = await editing({ ...existing, max_extra_attendees: 0 });
    const field = within(dialog).getByRole('spinbutton', { name: 'Guests may add up to' });
    expect(field).toHaveValue(0);
    expect(within(dialog).getByText('other people by email (0: none)')).toBeInTheDocument();
    await retypedAfterRefusal(user, dialog, field, { refused: '11', message: 'Guests may add from 0 to 10 people', value: '3' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event type updated successfully')).toBeInTheDocument();
    expect(posted.body.max_extra_attendees).toBe(3);
  });
});
