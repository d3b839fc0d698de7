// The `email` handler of the outbox: renders a booking mail (text, HTML and the .ics invite) and sends
// it over SMTP with nodemailer. The Message-ID is the outbox row's message id, the same on every
// attempt, so a receiver that drops repeated ids (Mailpit, most mailbox providers) shows a message
// sent again after a lost 250 answer once.
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { type Database, serviceRpc } from '../db/connection.ts';
import { bookingInvite } from '../lifecycle/ics.ts';
import { manageKey, manageToken, manageTokenHash, manageUrl } from '../lifecycle/manage-token.ts';
import { renderBookingMail, type BookingMailPayload } from '../lifecycle/messages.ts';
import { bookedOccurrences } from '../lifecycle/series.ts';
import { seriesInvite } from '../lifecycle/series-ics.ts';
import { PermanentError, type OutboxHandler, type OutboxRow } from './worker.ts';

export interface SmtpEnv {
  host: string;
  port: number;
  user?: string;
  pass?: string;
  /** 'Kairos <no-reply@example.com>' */
  from: string;
}

export interface EmailDeps {
  /** The functions' own database pool (asked for each time: one that timed out is replaced): no REST hop. */
  db: () => Database;
  smtp: SmtpEnv;
  siteUrl: string;
  tokenSecret: string;
}

/** Guest messages that still lead somewhere: the booking can be changed. */
const MANAGEABLE = new Set(['requested', 'confirmed', 'rescheduled', 'reminder', 'link_ready']);

export function createTransport(smtp: SmtpEnv) {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    // Hosted edge functions may not use 25 or 587: 465 is SMTP over TLS from the first byte.
    secure: smtp.port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
    // A few connections kept open across the rows of a sweep (and sweeps of a warm function).
    pool: true,
    maxConnections: 5,
    // Well inside the outbox lease, so a hung server never outlives the claim.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

export function emailHandler(deps: EmailDeps, transport = createTransport(deps.smtp)): OutboxHandler {
  return async (row: OutboxRow) => {
    const payload = row.payload as BookingMailPayload;
    if (!payload?.recipient?.email || !payload.booking) throw new PermanentError('Malformed email payload');
    const { series } = payload;
    // A series' mail leads to its first date still booked, while one is (that page lists them all).
    const manageUid = series ? bookedOccurrences(series)[0]?.uid : MANAGEABLE.has(payload.message) ? payload.booking.uid : undefined;
    let manage: string | undefined;
    if (payload.recipient.role === 'guest' && manageUid) {
      const token = await manageToken(deps.tokenSecret, manageKey(payload.booking));
      // The hash is stored before the link leaves, so the link works the moment it arrives (most
      // bookings store it as they are made: the snapshot then has it).
      const hash = await manageTokenHash(token);
      if (payload.booking.manageTokenHash !== hash) await serviceRpc(deps.db(), 'set_manage_token_hash', [payload.booking.id, hash]);
      manage = manageUrl(deps.siteUrl, manageUid, token);
    }
    const mail = renderBookingMail(payload, { manage, bookings: `${deps.siteUrl.replace(/\/+$/, '')}/bookings` });
    const opts = { stamp: new Date(row.created_at), manageUrl: manage };
    // An occurrence's own mail (a reminder, its meeting link) carries no invite: its dates are in the
    // series' invite, which its own UID would only duplicate (docs/series.md).
    const invite = series ? seriesInvite({ ...payload, series }, opts) : payload.booking.seriesId ? null : bookingInvite(payload, mail, opts);
    await send(transport, {
      from: deps.smtp.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<${row.message_id}>`,
      ...(invite === null ? {} : { icalEvent: { method: mail.method, filename: 'invite.ics', content: invite } }),
    });
  };
}

/** Sends one message; a 5xx answer is the server refusing it for good, anything else worth a retry. */
export async function send(transport: Transporter, message: SendMailOptions) {
  try {
    await transport.sendMail(message);
  } catch (e) {
    // 5xx: the server refuses this message for good; anything else (4xx, network) is worth a retry.
    const code = (e as { responseCode?: number }).responseCode;
    if (code !== undefined && code >= 500) throw new PermanentError(`SMTP ${code}: ${(e as Error).message}`);
    throw e;
  }
}
