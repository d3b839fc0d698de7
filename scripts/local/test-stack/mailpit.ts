// Reading the test stack's mail catcher through Mailpit's JSON API, as a test against a real Mailpit
// (the Supabase CLI's inbox) would.
import { expect } from 'vitest';
import { stack } from './harness.ts';

export interface MailPart {
  PartID: string;
  FileName: string;
  ContentType: string;
  Size: number;
}

export interface Mail {
  ID: string;
  MessageID: string;
  From: { Name: string; Address: string };
  To: { Name: string; Address: string }[];
  Subject: string;
  Text: string;
  HTML: string;
  Attachments: MailPart[];
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${stack().inboxUrl}/api/v1${path}`);
  if (!res.ok) throw new Error(`Mailpit API ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** Every message to `address`, newest first, with bodies and attachment lists. */
export async function mails(address: string): Promise<Mail[]> {
  const found = await api<{ messages: { ID: string }[] }>(`/search?query=${encodeURIComponent(`to:"${address}"`)}&limit=200`);
  return Promise.all(found.messages.map((m) => api<Mail>(`/message/${m.ID}`)));
}

/** Waits until `address` has `count` messages (delivery by the outbox is asynchronous) and returns them, newest first. */
// A loop of its own, not expect.poll: journeys run side by side (describe.concurrent), and the global
// expect.poll refuses to run once another concurrent test has ended ('must be called inside a test').
export async function waitForMails(address: string, count: number, timeout = 45_000): Promise<Mail[]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const list = await mails(address);
    if (list.length >= count) return list;
    if (Date.now() > deadline) throw new Error(`mails to ${address}: ${list.length} of ${count} after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The content of one attachment or part, as text. */
export async function partText(mail: Mail, part: MailPart): Promise<string> {
  const res = await fetch(`${stack().inboxUrl}/api/v1/message/${mail.ID}/part/${part.PartID}`);
  expect(res.status).toBe(200);
  return res.text();
}
