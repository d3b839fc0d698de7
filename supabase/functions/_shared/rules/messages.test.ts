// The shared rules' messages by id: each issue a rule raises carries its id and values, and its English
// words are that id's in the one English catalogue (i18n/rules/en.ts), the spec's texts unchanged.
import { describe, expect, it } from 'vitest';
import { attendeesSchema } from './attendees.ts';
import { invalid } from './errors.ts';
import { guestFields } from './fields.ts';
import { english, fieldRule, issueRule, ruleMessage } from './messages.ts';
import { answersSchema, type Question } from './questions.ts';
import { PUBLIC_GUEST_MESSAGES } from './schemas.ts';
import { z } from 'zod/mini';

const issuesOf = (result: { success: boolean; error?: { issues: { message: string; params?: Record<string, unknown> }[] } }) => result.error?.issues ?? [];

describe("the rules' messages", () => {
  it('name their id and values, and read in English as the id says', () => {
    const questions = [
      { type: 'number', slug: 'size', label: 'Size', required: true, min: 1, max: 9 },
      { type: 'short_text', slug: 'goal', label: 'Goal', required: true },
      { type: 'phone', slug: 'tel', label: 'Tel', required: false },
    ] as Question[];
    const [unknown, size, goal, tel] = issuesOf(answersSchema(questions).safeParse({ size: '12', tel: '12', budget: 1 }));
    // An unknown key is checked first, then the questions in order.
    expect(issueRule(unknown!)).toEqual({ id: 'unknownQuestion', values: { key: 'budget' } });
    expect(unknown!.message).toBe('Unknown question: budget');
    expect(issueRule(size!)).toEqual({ id: 'answerFault', values: { question: 'Size', rule: { id: 'numberRange', values: { min: 1, max: 9 } } } });
    expect(size!.message).toBe('Size: must be a number from 1 to 9');
    expect(fieldRule(size!)).toEqual({ id: 'numberRange', values: { min: 1, max: 9 } });
    expect(issueRule(goal!)).toEqual({ id: 'answerNamed', values: { question: 'Goal' } });
    expect(goal!.message).toBe('Please answer “Goal”.');
    expect(fieldRule(goal!)).toEqual({ id: 'unanswered' });
    // A full sentence keeps its capital after the label.
    expect(tel!.message).toBe('Tel: Please enter a valid phone number with its country code.');
    expect(fieldRule(tel!)).toEqual({ id: 'phone' });
  });

  it("say the guests' faults and the guest's details by id", () => {
    const [twice] = issuesOf(attendeesSchema(3, null).safeParse(['a@example.com', 'A@example.com']));
    expect(issueRule(twice!)).toEqual({ id: 'guests', values: { rule: { id: 'guestTwice', values: { email: 'A@example.com' } } } });
    expect(twice!.message).toBe('Guests: A@example.com is added twice.');
    const guest = z.object(guestFields(PUBLIC_GUEST_MESSAGES));
    const [name, mail] = issuesOf(guest.safeParse({ guestName: ' ', guestEmail: 'grace@', notes: 'x'.repeat(2001) }));
    expect([issueRule(name!), name!.message]).toEqual([{ id: 'publicGuest' }, 'Please fill in your name and email.']);
    expect([issueRule(mail!), mail!.message]).toEqual([{ id: 'validEmail' }, 'Valid email is required']);
    const [long] = issuesOf(guest.safeParse({ guestName: 'Grace', guestEmail: 'grace@example.com', notes: 'x'.repeat(2001) }));
    expect([issueRule(long!), long!.message]).toEqual([{ id: 'textMax', values: { max: 2000 } }, 'Must be at most 2000 characters']);
  });

  it('a 400 carries the id beside its English words', () => {
    const error = invalid(ruleMessage('guestsMax', { max: 1 }));
    expect([error.code, error.message, error.rule]).toEqual(['invalid_request', 'At most 1 other person can be added.', { id: 'guestsMax', values: { max: 1 } }]);
    expect(english(ruleMessage('guestsMax', { max: 2 }))).toBe('At most 2 other people can be added.');
  });

  it('an issue no rule worded has no id', () => {
    expect(issueRule({ message: 'Invalid input' })).toBeNull();
  });
});
