// The outbox's 'webhook_mail' deliveries: the mail that tells a host (or a team's owners and admins)
// that an endpoint was paused because its deliveries kept failing, sent over the booking mails' SMTP
// transport. The Message-ID is the row's, so a retried send shows once.
import type { Transporter } from 'nodemailer';
import { mailWords } from '../i18n/mailWords.ts';
import { escapeHtml } from '../lifecycle/messages.ts';
import { PermanentError, type OutboxHandler, type OutboxRow } from '../outbox/worker.ts';

/** A 'webhook_mail' row's payload, as private.enqueue_webhook_paused_mails writes it. */
export interface PausedMailPayload {
  /** `locale`: the language of the mail, the recipient's profile's (absent from rows queued before languages: English). */
  recipient: { name: string; email: string; locale?: string };
  webhook: { id: number; url: string; teamId: number | null; pausedAt: string };
  team: string | null;
  lastError: string | null;
}

/** Where the endpoint is managed: the host's profile, or the team's settings. */
export function webhookSettingsUrl(siteUrl: string, teamId: number | null): string {
  const site = siteUrl.replace(/\/+$/, '');
  return teamId ? `${site}/teams/${teamId}/settings#webhooks` : `${site}/profile#webhooks`;
}

export function pausedMail(p: PausedMailPayload, siteUrl: string) {
  const host = (() => {
    try {
      return new URL(p.webhook.url).host;
    } catch {
      return p.webhook.url;
    }
  })();
  const w = mailWords(p.recipient.locale);
  const settings = webhookSettingsUrl(siteUrl, p.webhook.teamId);
  const subject = w.t('webhookPaused.subject', { host });
  const greeting = w.t('greeting.named', { name: p.recipient.name });
  const lead = p.team ? w.t('webhookPaused.leadTeam', { team: p.team, url: p.webhook.url }) : w.t('webhookPaused.lead', { url: p.webhook.url });
  const next = w.t('webhookPaused.next');
  const error = p.lastError ? w.t('webhookPaused.error', { error: p.lastError }) : '';
  const action = w.t('webhookPaused.settings');
  return {
    subject,
    text: [greeting, '', lead, '', ...(error ? [error, ''] : []), next, '', `${action}: ${settings}`, ''].join('\n'),
    html: `<!doctype html><html lang="${w.locale}" dir="${w.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;max-width:560px;margin:0 auto;padding:24px 16px;color:#18181b">
<p>${escapeHtml(greeting)}</p>
<p style="font-size:18px;font-weight:600">${escapeHtml(lead)}</p>
${error ? `<p dir="ltr" style="background:#fef2f2;border-radius:6px;padding:12px;font-family:monospace;font-size:14px">${escapeHtml(error)}</p>` : ''}
<p>${escapeHtml(next)}</p>
<p><a href="${escapeHtml(settings)}" style="display:inline-block;background:#3b82f6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(action)}</a></p>
</body></html>`,
  };
}

export function webhookMailHandler(deps: { from: string; siteUrl: string }, transport: Transporter): OutboxHandler {
  return async (row: OutboxRow) => {
    const p = row.payload as PausedMailPayload;
    if (!p?.recipient?.email || !p.webhook?.url) throw new PermanentError('Malformed webhook mail payload');
    const mail = pausedMail(p, deps.siteUrl);
    await transport.sendMail({ from: deps.from, to: { name: p.recipient.name, address: p.recipient.email }, messageId: `<${row.message_id}>`, ...mail });
  };
}
