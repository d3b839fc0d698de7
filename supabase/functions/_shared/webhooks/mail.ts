// The outbox's 'webhook_mail' deliveries: the mail that tells a host (or a team's owners and admins)
// that an endpoint was paused because its deliveries kept failing, sent over the booking mails' SMTP
// transport. The Message-ID is the row's, so a retried send shows once.
import type { Transporter } from 'nodemailer';
import { escapeHtml } from '../lifecycle/messages.ts';
import { PermanentError, type OutboxHandler, type OutboxRow } from '../outbox/worker.ts';

/** A 'webhook_mail' row's payload, as private.enqueue_webhook_paused_mails writes it. */
export interface PausedMailPayload {
  recipient: { name: string; email: string };
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
  const settings = webhookSettingsUrl(siteUrl, p.webhook.teamId);
  const whose = p.team ? `the ${p.team} team's webhook` : 'your webhook';
  const lead = `Kairos paused ${whose} to ${p.webhook.url}: its deliveries kept failing for 24 hours.`;
  const next = 'Nothing more is sent to it until you resume it. Fix the endpoint, resume it, and send the failed messages again from its delivery log.';
  const error = p.lastError ? `Last error: ${p.lastError}` : '';
  return {
    subject: `Webhook paused: ${host}`,
    text: [`Hi ${p.recipient.name},`, '', lead, '', ...(error ? [error, ''] : []), next, '', `Webhook settings: ${settings}`, ''].join('\n'),
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`Webhook paused: ${host}`)}</title></head>
<body style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;max-width:560px;margin:0 auto;padding:24px 16px;color:#18181b">
<p>Hi ${escapeHtml(p.recipient.name)},</p>
<p style="font-size:18px;font-weight:600">${escapeHtml(lead)}</p>
${error ? `<p style="background:#fef2f2;border-radius:6px;padding:12px;font-family:monospace;font-size:14px">${escapeHtml(error)}</p>` : ''}
<p>${escapeHtml(next)}</p>
<p><a href="${escapeHtml(settings)}" style="display:inline-block;background:#3b82f6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">Webhook settings</a></p>
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
