import { describe, expect, it } from 'vitest';
import { attendeesSchema, guestAttendees } from './attendees.ts';
import { english, fieldRule } from './messages.ts';

/** The first issue of the check (its message naming the field, the field's own words, the entry), or the addresses. */
function check(max: number, guestEmail: string, raw: unknown) {
  const result = attendeesSchema(max, guestEmail).safeParse(raw);
  if (result.success) return { emails: result.data };
  const issue = result.error.issues[0]!;
  return { message: issue.message, field: english(fieldRule(issue)!), path: issue.path };
}

describe('the other people a guest invites', () => {
  it('are valid addresses, trimmed and lower-cased; none or absent is none', () => {
    expect(check(3, 'gail@example.com', [' Ann@Example.com ', 'bob@example.org'])).toEqual({ emails: ['ann@example.com', 'bob@example.org'] });
    expect(check(3, 'gail@example.com', [])).toEqual({ emails: [] });
    expect(check(0, 'gail@example.com', undefined)).toEqual({ emails: [] });
  });

  it('refuses a wrong address, naming it and the field', () => {
    expect(check(3, 'gail@example.com', ['ann@example.com', 'not-an-email'])).toEqual({
      message: 'Guests: “not-an-email” is not a valid email address.',
      field: '“not-an-email” is not a valid email address.',
      path: [1],
    });
    expect(check(3, 'gail@example.com', ['  '])).toMatchObject({ field: 'Please enter an email address or remove this guest.', path: [0] });
    expect(check(3, 'gail@example.com', [42])).toMatchObject({ path: [0] });
    expect(check(3, 'gail@example.com', 'ann@example.com')).toMatchObject({ message: 'Guests: Must be a list of email addresses.' });
  });

  it('refuses the same person twice, whatever the case', () => {
    expect(check(3, 'gail@example.com', ['ann@example.com', 'ANN@example.com'])).toEqual({
      message: 'Guests: ANN@example.com is added twice.',
      field: 'ANN@example.com is added twice.',
      path: [1],
    });
  });

  it("refuses the guest's own address", () => {
    expect(check(3, 'Gail@Example.com', ['gail@example.com'])).toMatchObject({
      message: 'Guests: gail@example.com is your own email. Add other people only.',
      path: [0],
    });
  });

  it('refuses more than the event type allows', () => {
    expect(check(2, 'gail@example.com', ['a@example.com', 'b@example.com', 'c@example.com'])).toMatchObject({
      message: 'Guests: At most 2 other people can be added.',
      path: [],
    });
    expect(check(0, 'gail@example.com', ['a@example.com'])).toMatchObject({ message: 'Guests: This event type does not take other guests.' });
  });

  it('is the booking functions’ check: the addresses, or a 400 with the message naming the field', () => {
    expect(guestAttendees(1, 'gail@example.com', ['Ann@example.com'])).toEqual(['ann@example.com']);
    expect(() => guestAttendees(1, 'gail@example.com', ['ann@example.com', 'b@example.com'])).toThrow(
      expect.objectContaining({
        code: 'invalid_request',
        message: 'Guests: At most 1 other person can be added.',
        rule: { id: 'guests', values: { rule: { id: 'guestsMax', values: { max: 1 } } } },
      }),
    );
  });
});
