// Local mail catcher: auth mails (confirmation, recovery) land here instead of being sent, and the
// gateway shows them at /inbox, like the Supabase CLI's Inbucket.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';

export interface Mail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  createdAt: string;
}

export class Inbox {
  private mails: Mail[] = [];

  /** Mails are appended to `file` (one JSON line each) so they survive a restart. */
  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      this.mails = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Mail);
    }
  }

  add(mail: { to: string; subject: string; html: string; text: string }): Mail {
    const stored: Mail = { id: randomUUID(), createdAt: new Date().toISOString(), ...mail };
    this.mails.push(stored);
    if (this.file) appendFileSync(this.file, JSON.stringify(stored) + '\n');
    return stored;
  }

  /** Newest first; only those addressed to `to` when given. */
  list(to?: string): Mail[] {
    const wanted = to?.toLowerCase();
    return this.mails.filter((m) => !wanted || m.to.toLowerCase() === wanted).reverse();
  }
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The inbox page: every mail with its HTML body in a sandboxed frame. */
export function renderInbox(mails: Mail[]): string {
  const items = mails
    .map(
      (m) => `<article><h2>${escape(m.subject)}</h2><p>To ${escape(m.to)} · ${escape(m.createdAt)}</p>
<iframe sandbox="allow-top-navigation-by-user-activation allow-popups" title="${escape(m.subject)}" srcdoc="${escape(m.html)}"></iframe></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kairos local inbox</title>
<style>body{font-family:system-ui;max-width:52rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:1rem 0}iframe{width:100%;height:12rem;border:1px solid #eee}</style>
</head><body><h1>Local inbox</h1>${items || '<p>No mail yet.</p>'}</body></html>`;
}
