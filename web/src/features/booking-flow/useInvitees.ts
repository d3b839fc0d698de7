// The other people a guest invites (when the event type takes up to `max`): the addresses typed, one
// field at a time, each field's message once they submit, and the check with the rule the booking
// functions use (schemas.ts, loaded with the guest form's rules).
import { useEffect, useRef, useState } from 'react';
import type { RuleMessage } from '../../lib/shared.ts';
import type { InviteesCheck } from './schemas.ts';

const NONE: string[] = [];

/** `guestEmail`: the guest's own address as typed now (they may not invite themselves). */
export function useInvitees(max: number, prefill: string[] = NONE, guestEmail: () => string) {
  const [emails, setEmails] = useState(prefill);
  const [errors, setErrors] = useState<{ fields: Record<number, RuleMessage>; list?: RuleMessage }>({ fields: {} });
  const submitted = useRef(false);
  // The field to focus after the next render: a new one, or the one taking a removed one's place.
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    const index = focusNext.current;
    if (index === null) return;
    focusNext.current = null;
    (document.querySelector<HTMLElement>(`[data-invitee="${index}"]`) ?? document.querySelector<HTMLElement>('[data-invitee-add]'))?.focus();
  }, [emails]);

  const check = async (given = emails, { focus = true } = {}): Promise<InviteesCheck> => {
    if (!given.length) return { values: [] };
    submitted.current = true;
    const result = (await import('./schemas.ts')).inviteesCheck(max)(given, guestEmail());
    setErrors('errors' in result ? { fields: result.errors, list: result.list } : { fields: {} });
    const first = 'errors' in result ? given.findIndex((_, i) => result.errors[i]) : -1;
    if (focus && first >= 0) document.querySelector<HTMLInputElement>(`[data-invitee="${first}"]`)?.focus();
    return result;
  };

  const update = (next: string[]) => {
    setEmails(next);
    if (submitted.current) void check(next, { focus: false });
  };

  return {
    max,
    emails,
    errors,
    check,
    add: () => {
      if (emails.length >= max) return;
      focusNext.current = emails.length;
      setEmails([...emails, '']);
    },
    set: (index: number, value: string) => update(emails.map((e, i) => (i === index ? value : e))),
    remove: (index: number) => {
      focusNext.current = index;
      update(emails.filter((_, i) => i !== index));
    },
    reset: () => {
      setEmails(prefill);
      setErrors({ fields: {} });
      submitted.current = false;
    },
  };
}

export type InviteesForm = ReturnType<typeof useInvitees>;
