// A booking's answers reach its host: the host's mail lists each answer under the label it
// was asked with, the guest's mail does not repeat them, and the webhook payload carries them.
import { describe, expect, it } from 'vitest';
import { waitForMails } from '../../../scripts/local/test-stack/mailpit.ts';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, newHost } from '../api/fixtures.ts';
import { guestBooks, uniqueGuest } from './support.ts';

const BASE = { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true };
const QUESTIONS = [
  { type: 'single_choice', slug: 'plan', label: 'Which plan are you on?', required: true, options: ['Free', 'Pro'] },
  { type: 'number', slug: 'seats', label: 'How many seats?', required: true, showIf: { question: 'plan', equals: 'Pro' } },
  { type: 'multiple_choice', slug: 'topics', label: 'What should we cover?', required: false, options: ['Billing', 'Set-up'] },
  { type: 'yes_no', slug: 'customer', label: 'Already a customer?', required: false },
];

describe("a booking's answers reach its host", () => {
  it("in the host's booking mail and the webhook payload, not in the guest's mail", async () => {
    const host = await newHost();
    expect((await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, questions: QUESTIONS }, token: host.accessToken })).status).toBe(200);
    const hook = await call('/api/webhooks', { body: { url: 'https://crm.example.com/kairos', events: ['booking.created'] }, token: host.accessToken });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const guest = uniqueGuest();
    const booking = await guestBooks(host.eventTypeId, at(3, 9), guest, { answers: { plan: 'Pro', seats: 12, topics: ['Billing', 'Set-up'], customer: 'no' } });

    const [hostMail] = await waitForMails(host.email, 1);
    expect(hostMail.Text).toContain(
      ['Which plan are you on?: Pro', 'How many seats?: 12', 'What should we cover?: Billing, Set-up', 'Already a customer?: No'].join('\n'),
    );
    expect(hostMail.HTML).toContain('Which plan are you on?');
    const [guestMail] = await waitForMails(guest, 1);
    expect(guestMail.Text).not.toContain('Which plan are you on?');

    const [row] = await sql<{ data: { answers: unknown } }>(
      `select payload -> 'body' -> 'data' as data from outbox where kind = 'webhook' and payload -> 'body' -> 'data' ->> 'id' = $1`,
      [String(booking.id)],
    );
    expect(row.data.answers).toEqual([
      { slug: 'plan', label: 'Which plan are you on?', type: 'single_choice', value: 'Pro' },
      { slug: 'seats', label: 'How many seats?', type: 'number', value: 12 },
      { slug: 'topics', label: 'What should we cover?', type: 'multiple_choice', value: ['Billing', 'Set-up'] },
      { slug: 'customer', label: 'Already a customer?', type: 'yes_no', value: false },
    ]);
  });
});
