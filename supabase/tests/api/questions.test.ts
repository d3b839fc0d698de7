// Booking questions through the functions: event type bodies carry `questions` and
// `guestFields`; a guest's booking answers them (`answers`), checked with the schema the form uses; a
// wrong or unknown answer is a 400 naming the field; the booking keeps each answer with the label and
// type it was given under. An event type without questions books exactly as before.
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from './client.ts';
import { at, guestBody, newHost } from './fixtures.ts';
import type { RuleMessage } from '../../functions/_shared/rules/messages.ts';

const BASE = { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true };
const PLAN = { type: 'single_choice', slug: 'plan', label: 'Plan', required: true, options: ['Free', 'Pro'] };
const SEATS = { type: 'number', slug: 'seats', label: 'Seats', required: true, min: 1, showIf: { question: 'plan', equals: 'Pro' } };
const QUESTIONS = [PLAN, SEATS];

async function hostWithQuestions(questions: unknown[] = QUESTIONS, guestFields?: Record<string, string>) {
  const host = await newHost();
  const put = await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, questions, ...(guestFields && { guestFields }) }, token: host.accessToken });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return host;
}

const storedAnswers = async (bookingId: number) =>
  (await sql<{ answers: unknown }>('select answers from public.booking_answers where booking_id = $1', [bookingId]))[0]?.answers;

describe('questions of an event type through /api', () => {
  it('are written, answered to the host and to guests, and refused with the rule when not valid', async () => {
    const host = await hostWithQuestions(QUESTIONS, { phone: 'hidden', company: 'required', notes: 'optional' });
    const own = await call('/api/event-types', { token: host.accessToken });
    const mine = own.body.find((e: { id: number }) => e.id === host.eventTypeId);
    expect(mine.questions).toEqual(QUESTIONS);
    expect(mine.guestFields).toEqual({ phone: 'hidden', company: 'required', notes: 'optional' });
    const pub = await call(`/api/event-types/${host.eventTypeId}`);
    expect(pub.body.questions).toEqual(QUESTIONS);
    expect(pub.body.guestFields).toEqual({ phone: 'hidden', company: 'required', notes: 'optional' });

    const bad = await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, questions: [PLAN, PLAN] }, token: host.accessToken });
    expect(bad.body).toEqual({ code: 'invalid_request', message: 'Each question needs its own key', messageId: 'questionKeyTwice' });
    expect(bad.status).toBe(400);
    // A body without questions leaves them as they are.
    const keep = await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: BASE, token: host.accessToken });
    expect(keep.body.questions).toEqual(QUESTIONS);
  });
});

describe('a guest answers the questions when booking', () => {
  it('keeps the answers shown, with their labels and types; a hidden question’s answer is dropped', async () => {
    const host = await hostWithQuestions();
    const pro = await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 9), 30, { answers: { plan: 'Pro', seats: '4' } }) });
    expect(pro.status, JSON.stringify(pro.body)).toBe(201);
    expect(await storedAnswers(pro.body.id)).toEqual([
      { slug: 'plan', label: 'Plan', type: 'single_choice', value: 'Pro' },
      { slug: 'seats', label: 'Seats', type: 'number', value: 4 },
    ]);
    const free = await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 10), 30, { answers: { plan: 'Free', seats: 'lots' } }) });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect(await storedAnswers(free.body.id)).toEqual([{ slug: 'plan', label: 'Plan', type: 'single_choice', value: 'Free' }]);

    // Editing the questions later changes no booking's answers.
    await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, questions: [{ ...PLAN, label: 'Which plan?', options: ['Team'] }] }, token: host.accessToken });
    expect((await storedAnswers(free.body.id)) as unknown[]).toEqual([{ slug: 'plan', label: 'Plan', type: 'single_choice', value: 'Free' }]);
  });

  it('a booking the guest moves keeps its answers', async () => {
    const host = await hostWithQuestions();
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 14), 30, { answers: { plan: 'Free' } }) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const moved = await call(`/api/booking/${booked.body.uid}/reschedule`, { body: { token: booked.body.manageToken, startTime: at(2, 15).toISOString() } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [{ id }] = await sql<{ id: number }>('select id from public.bookings where rescheduled_from = $1', [booked.body.id]);
    expect(await storedAnswers(id)).toEqual([{ slug: 'plan', label: 'Plan', type: 'single_choice', value: 'Free' }]);
  });

  it("the guest's manage link shows that booking's answers, and another booking's link does not open it", async () => {
    const host = await hostWithQuestions();
    const mine = await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 11), 30, { answers: { plan: 'Pro', seats: 3 } }) });
    const theirs = await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 12), 30, { answers: { plan: 'Free' } }) });
    expect([mine.status, theirs.status], JSON.stringify([mine.body, theirs.body])).toEqual([201, 201]);
    const view = await call(`/api/booking/${mine.body.uid}?token=${encodeURIComponent(mine.body.manageToken)}`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.answers).toEqual([
      { slug: 'plan', label: 'Plan', type: 'single_choice', value: 'Pro' },
      { slug: 'seats', label: 'Seats', type: 'number', value: 3 },
    ]);
    const crossed = await call(`/api/booking/${mine.body.uid}?token=${encodeURIComponent(theirs.body.manageToken)}`);
    expect(crossed.status).toBe(404);
    expect(JSON.stringify(crossed.body)).not.toContain('Pro');
    // A booking without answers shows none.
    const plain = await call('/bookings', { body: guestBody((await newHost()).eventTypeId, at(2, 13), 30) });
    expect((await call(`/api/booking/${plain.body.uid}?token=${encodeURIComponent(plain.body.manageToken)}`)).body.answers).toEqual([]);
  });

  it('is refused with a 400 naming the field: a missing required answer, a wrong one, an unknown one', async () => {
    const host = await hostWithQuestions();
    // Each rule's 400 names it by id and values, for a reader in another language.
    const cases: [unknown, string, RuleMessage?][] = [
      [{}, 'Please answer “Plan”.', { id: 'answerNamed', values: { question: 'Plan' } }],
      [{ plan: 'Pro' }, 'Please answer “Seats”.', { id: 'answerNamed', values: { question: 'Seats' } }],
      [{ plan: 'Gold' }, 'Plan: please choose one of the offered options', { id: 'answerFault', values: { question: 'Plan', rule: { id: 'option' } } }],
      [{ plan: 'Free', budget: 100 }, 'Unknown question: budget', { id: 'unknownQuestion', values: { key: 'budget' } }],
      ['yes', 'Answers must be an object', { id: 'answersObject' }],
    ];
    for (const [answers, message, rule] of cases) {
      const res = await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 11), 30, { answers }) });
      const said = rule && { messageId: rule.id, ...(rule.values && { values: rule.values }) };
      expect(res.body, JSON.stringify(answers)).toEqual({ code: 'invalid_request', message, ...said });
      expect(res.status).toBe(400);
    }
    const [{ count }] = await sql<{ count: string }>('select count(*) from public.bookings where event_type_id = $1', [host.eventTypeId]);
    expect(count).toBe('0');
  });

  it('asks phone, company and notes as the host set them: required ones must be given, hidden ones are not kept', async () => {
    const host = await hostWithQuestions([], { phone: 'required', company: 'required', notes: 'hidden' });
    const noCompany = await call('/bookings', { body: guestBody(host.eventTypeId, at(3, 9), 30, { guestPhone: '+14155552671' }) });
    expect(noCompany.body).toEqual({ code: 'invalid_request', message: 'Please enter your company.', messageId: 'company' });
    const badPhone = await call('/bookings', { body: guestBody(host.eventTypeId, at(3, 9), 30, { guestPhone: '555', guestCompany: 'Acme' }) });
    expect(badPhone.body).toEqual({ code: 'invalid_request', message: 'Please enter a valid phone number with its country code.', messageId: 'phone' });
    const ok = await call('/bookings', { body: guestBody(host.eventTypeId, at(3, 9), 30, { guestPhone: '+1 415 555 2671', guestCompany: 'Acme', notes: 'kept?' }) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect([ok.body.guestPhone, ok.body.guestCompany, ok.body.notes]).toEqual(['+14155552671', 'Acme', null]);
  });

  it('the host booking for a guest may leave questions unanswered, but not answer them wrongly', async () => {
    const host = await hostWithQuestions();
    const skipped = await call('/api/bookings', { body: guestBody(host.eventTypeId, at(3, 10)), token: host.accessToken });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(201);
    const wrong = await call('/api/bookings', { body: guestBody(host.eventTypeId, at(3, 11), 30, { answers: { plan: 'Gold' } }), token: host.accessToken });
    expect(wrong.body).toEqual({
      code: 'invalid_request',
      message: 'Plan: please choose one of the offered options',
      messageId: 'answerFault',
      values: { question: 'Plan', rule: { id: 'option' } },
    });
  });

  it('an event type without questions books as before, and refuses any answer', async () => {
    const host = await newHost();
    const plain = await call('/bookings', { body: guestBody(host.eventTypeId, at(3, 12)) });
    expect(plain.status).toBe(201);
    expect(plain.body.notes).toBe('Looking forward');
    expect(await storedAnswers(plain.body.id)).toBeUndefined();
    const extra = await call('/bookings', { body: guestBody(host.eventTypeId, at(3, 13), 30, { answers: { plan: 'Pro' } }) });
    expect(extra.body).toEqual({ code: 'invalid_request', message: 'Unknown question: plan', messageId: 'unknownQuestion', values: { key: 'plan' } });
  });
});
