// The stand-in's pages a browser sees: Connect's consent page, Checkout's hosted payment page and the
// charge's receipt. Plain HTML forms with labels, so a person with a keyboard or screen reader, and
// Chromium in the e2e tests, can use them; what matters is what they submit, not how they look.
import { formatAmount } from './currencies.ts';
import type { Charge, LineItem, Session } from './objects.ts';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:1rem 0}input{display:block;box-sizing:border-box;width:100%;padding:.5rem;font:inherit}button{padding:.6rem 1.2rem;font:inherit}[role=alert]{color:#b00020}</style>
</head><body><main>${body}</main></body></html>`;

/** Connect OAuth: the Stripe user signs in (the email picks or makes their account) and connects, or denies. */
export function consentPage(platformName: string, query: URLSearchParams): string {
  const hidden = [...query].filter(([k]) => !k.startsWith('stripe_user[')).map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
  const email = query.get('stripe_user[email]') ?? '';
  return page(
    `Connect with ${platformName}`,
    `<h1>${escapeHtml(platformName)} would like to connect to your Stripe account</h1>
<form method="post" action="/oauth/authorize">${hidden}
<label>Email <input type="email" name="email" required autocomplete="email" value="${escapeHtml(email)}"></label>
<button type="submit" name="action" value="allow">Connect my Stripe account</button>
<button type="submit" name="action" value="deny" formnovalidate>Deny</button></form>`,
  );
}

/** Checkout's hosted page: what is bought, the total, an email and a test card number (after a refused card, the email kept). */
export function checkoutPage(session: Session, items: LineItem[], merchant: string, refused?: { error: string; email: string }): string {
  if (session.status !== 'open') {
    return page('Checkout', `<h1>${escapeHtml(merchant)}</h1><p role="alert">This Checkout Session is no longer available.</p>`);
  }
  const rows = items.map((i) => `<li>${escapeHtml(i.name)} × ${i.quantity}: ${escapeHtml(formatAmount(i.unit_amount * i.quantity, i.currency))}</li>`).join('');
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back to ${escapeHtml(merchant)}</a></p>` : '';
  return page(
    `Pay ${merchant}`,
    `<h1>Pay ${escapeHtml(merchant)}</h1>${back}
<ul>${rows}</ul><p>Total due <strong>${escapeHtml(formatAmount(session.amount_total, session.currency))}</strong></p>
${refused ? `<p role="alert">${escapeHtml(refused.error)}</p>` : ''}
<form method="post">
<label>Email <input type="email" name="email" required autocomplete="email" value="${escapeHtml(refused?.email ?? session.customer_email ?? '')}"></label>
<label>Card number <input name="card" required inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242"></label>
<button type="submit">Pay ${escapeHtml(formatAmount(session.amount_total, session.currency))}</button></form>`,
  );
}

export function thanksPage(merchant: string): string {
  return page('Paid', `<h1>Thanks for your payment</h1><p>${escapeHtml(merchant)} has received it.</p>`);
}

export function receiptPage(charge: Charge, merchant: string): string {
  const card = charge.payment_method_details.card;
  const refunded = charge.amount_refunded ? `<p>Refunded ${escapeHtml(formatAmount(charge.amount_refunded, charge.currency))}</p>` : '';
  return page(
    `Receipt from ${merchant}`,
    `<h1>Receipt from ${escapeHtml(merchant)}</h1>
<p>Amount paid <strong>${escapeHtml(formatAmount(charge.amount, charge.currency))}</strong></p>
<p>Date paid ${new Date(charge.created * 1000).toUTCString()}</p>
<p>Payment method ${escapeHtml(card.brand)} ending in ${escapeHtml(card.last4)}</p>${refunded}`,
  );
}
