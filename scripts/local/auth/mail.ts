// Auth mails (Supabase's default templates) delivered to the local inbox.
import type { StackConfig } from '../config.ts';
import type { Inbox } from '../inbox.ts';
import { escapeHtml } from './http.ts';

export type MailKind = 'signup' | 'recovery' | 'magiclink' | 'email_change';

const TEMPLATES: Record<MailKind, { subject: string; heading: string; lead: string; action: string }> = {
  signup: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    lead: 'Follow this link to confirm your user:',
    action: 'Confirm your mail',
  },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset Password',
    lead: 'Follow this link to reset the password for your user:',
    action: 'Reset Password',
  },
  magiclink: {
    subject: 'Your Magic Link',
    heading: 'Magic Link',
    lead: 'Follow this link to login:',
    action: 'Log In',
  },
  email_change: {
    subject: 'Confirm Email Change',
    heading: 'Confirm Change of Email',
    lead: 'Follow this link to confirm the update of your email:',
    action: 'Change Email',
  },
};


/** The link a mail carries: GET /verify on the public API URL, as GoTrue's ConfirmationURL. */
export function verifyLink(config: StackConfig, token: string, type: string, redirectTo: string): string {
  const q = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${config.apiUrl}/auth/v1/verify?${q}`;
}

export function sendAuthMail(
  config: StackConfig,
  inbox: Inbox,
  mail: { kind: MailKind; to: string; token: string; code: string; redirectTo: string },
): void {
  const t = TEMPLATES[mail.kind];
  const link = verifyLink(config, mail.token, mail.kind, mail.redirectTo);
  inbox.add({
    to: mail.to,
    subject: t.subject,
    html: `<h2>${t.heading}</h2>\n<p>${t.lead}</p>\n<p><a href="${escapeHtml(link)}">${t.action}</a></p>\n<p>Alternatively, enter the code: ${mail.code}</p>`,
    text: `${t.heading}\n\n${t.lead}\n${link}\n\nAlternatively, enter the code: ${mail.code}\n`,
  });
}
