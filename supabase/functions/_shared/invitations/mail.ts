// The `invitation` handler of the outbox: the mail of a team invitation, with the link to
// /invitations/{token}. The token is derived from the functions' secret, the invitation and its
// expiry, so a retried mail carries the same link and a renewal a new one; only its hash is stored,
// just before the mail leaves.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Transporter } from 'nodemailer';
import { mailWords } from '../i18n/mailWords.ts';
import { escapeHtml } from '../lifecycle/messages.ts';
import { secretToken, tokenHash } from '../lifecycle/manage-token.ts';
import { send } from '../outbox/email.ts';
import { PermanentError, type OutboxHandler, type OutboxRow } from '../outbox/worker.ts';

export interface InvitationPayload {
  invitation_id: number;
  email: string;
  role: 'admin' | 'member';
  expires_at: string;
  team_name: string;
  inviter_name: string | null;
  /** The language of the mail: the invitee's when they have an account, else the inviter's (absent from rows queued before languages: English). */
  locale?: string;
}

export interface InvitationMailDeps {
  db: SupabaseClient;
  siteUrl: string;
  tokenSecret: string;
  from: string;
}

export function invitationMail(p: InvitationPayload, link: string) {
  const w = mailWords(p.locale);
  const values = { team: p.team_name, inviter: p.inviter_name ?? '', role: p.role };
  const subject = w.t('invitation.subject', values);
  const lead = w.t(p.inviter_name ? 'invitation.leadBy' : 'invitation.lead', values);
  const action = w.t('invitation.action');
  const note = w.t('invitation.note');
  const expires = w.t('invitation.expires', { date: `${w.day(p.expires_at, 'UTC')} ${w.time(p.expires_at, 'UTC')}` });
  return {
    subject,
    text: `${lead}\n\n${action}: ${link}\n\n${note}\n${expires}\n`,
    html: `<!doctype html><html lang="${w.locale}" dir="${w.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;max-width:560px;margin:0 auto;padding:24px 16px;color:#18181b">
<p style="font-size:18px;font-weight:600">${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#3b82f6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(action)}</a></p>
<p style="color:#71717a;font-size:14px">${escapeHtml(note)} ${escapeHtml(expires)}</p>
</body></html>`,
  };
}

export function invitationHandler(deps: InvitationMailDeps, transport: Transporter): OutboxHandler {
  return async (row: OutboxRow) => {
    const p = row.payload as InvitationPayload;
    if (!p?.invitation_id || !p.email || !p.expires_at) throw new PermanentError('Malformed invitation payload');
    const token = await secretToken(deps.tokenSecret, `invitation:${p.invitation_id}:${p.expires_at}`);
    const { data, error } = await deps.db.rpc('set_invitation_token_hash', {
      p_invitation_id: p.invitation_id,
      p_expires_at: p.expires_at,
      p_hash: await tokenHash(token),
    });
    if (error) throw new Error(`set_invitation_token_hash: ${error.message}`);
    if (data !== true) throw new PermanentError('The invitation was renewed, answered or revoked since');
    const mail = invitationMail(p, `${deps.siteUrl.replace(/\/+$/, '')}/invitations/${encodeURIComponent(token)}`);
    await send(transport, { from: deps.from, to: p.email, messageId: `<${row.message_id}>`, ...mail });
  };
}
