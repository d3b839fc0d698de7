// Auth mails (Supabase's default templates), sent over SMTP like GoTrue's: to the local mail catcher,
// or to the server of `[auth.email.smtp]`.
import nodemailer, { type Transporter } from 'nodemailer';
import type { StackConfig } from '../config.ts';
import { escapeHtml } from './http.ts';

export type MailKind = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'reauthentication';

const TEMPLATES: Record<MailKind, { subject: string; heading: string; lead: string; action: string }> = {
  signup: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    lead: 'Follow this link to confirm your user:',
    action: 'Confirm your mail',
  },
  invite: {
    subject: 'You have been invited',
    heading: 'You have been invited',
    lead: 'You have been invited to create a user. Follow this link to accept the invite:',
    action: 'Accept the invite',
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
  reauthentication: {
    subject: 'Confirm reauthentication',
    heading: 'Confirm reauthentication',
    lead: 'Enter the code below to confirm it is you.',
    action: '',
  },
};


/** The link a mail carries: GET /verify on the public API URL, as GoTrue's ConfirmationURL. */
export function verifyLink(config: StackConfig, token: string, type: string, redirectTo: string): string {
  const q = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${config.apiUrl}/auth/v1/verify?${q}`;
}

export type AuthMailer = Transporter;

/** One SMTP transport per Auth server (pooled connections, like GoTrue's mailer). */
export function createAuthMailer(config: StackConfig): AuthMailer {
  const { host, port, secure, user, pass } = config.smtp;
  return nodemailer.createTransport({
    host,
    port,
    secure,
    ignoreTLS: !secure && host === '127.0.0.1',
    auth: user ? { user, pass } : undefined,
    pool: true,
  });
}

/** Sends before the request answers, as GoTrue does: a failure is the request's failure. */
export async function sendAuthMail(
  config: StackConfig,
  mailer: AuthMailer,
  /** A reauthentication mail carries only the code (`token` and `redirectTo` are unused). */
  mail: { kind: MailKind; to: string; token: string; code: string; redirectTo: string },
): Promise<void> {
  const t = TEMPLATES[mail.kind];
  const from = { name: config.smtp.senderName, address: config.smtp.adminEmail };
  if (mail.kind === 'reauthentication') {
    await mailer.sendMail({
      from,
      to: mail.to,
      subject: t.subject,
      html: `<h2>${t.heading}</h2>\n<p>${t.lead}</p>\n<p>${mail.code}</p>`,
      text: `${t.heading}\n\n${t.lead}\n${mail.code}\n`,
    });
    return;
  }
  const link = verifyLink(config, mail.token, mail.kind, mail.redirectTo);
  await mailer.sendMail({
    from,
    to: mail.to,
    subject: t.subject,
    html: `<h2>${t.heading}</h2>\n<p>${t.lead}</p>\n<p><a href="${escapeHtml(link)}">${t.action}</a></p>\n<p>Alternatively, enter the code: ${mail.code}</p>`,
    text: `${t.heading}\n\n${t.lead}\n${link}\n\nAlternatively, enter the code: ${mail.code}\n`,
  });
}
