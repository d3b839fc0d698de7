// Stripe's API objects as the stand-in answers them: the fields and types of Stripe's API reference
// (the `stripe` package's types, generated from Stripe's OpenAPI spec, and the spec's example
// fixtures; docs/stand-ins.md), test mode (`livemode: false`), with the fields Kairos's flows touch
// filled and the rest at the values Stripe gives an object that does not use them.
import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Stripe-looking id: `pi_3Pgaf…`, `acct_1Pgaf…`, `cs_test_a1…`. */
export function stripeId(prefix: string, length = 24): string {
  return `${prefix}${[...randomBytes(length)].map((b) => BASE62[b % 62]).join('')}`;
}

export const now = () => Math.floor(Date.now() / 1000);

export interface AccountProfile {
  email: string;
  country: string;
  default_currency: string;
  display_name: string;
  /** An account whose onboarding is not finished cannot take charges yet; Stripe says what it still needs. */
  charges_enabled?: boolean;
  currently_due?: string[];
}

export function accountObject(id: string, p: AccountProfile, created: number) {
  return {
    id,
    object: 'account',
    business_profile: { mcc: null, name: p.display_name, product_description: null, support_address: null, support_email: p.email, support_phone: null, support_url: null, url: null },
    business_type: null,
    capabilities: { card_payments: 'active', transfers: 'active' },
    charges_enabled: p.charges_enabled ?? true,
    controller: { is_controller: false, type: 'account' },
    country: p.country,
    created,
    default_currency: p.default_currency,
    details_submitted: true,
    email: p.email,
    external_accounts: { object: 'list', data: [], has_more: false, url: `/v1/accounts/${id}/external_accounts` },
    future_requirements: { alternatives: [], current_deadline: null, currently_due: [], disabled_reason: null, errors: [], eventually_due: [], past_due: [], pending_verification: [] },
    metadata: {},
    payouts_enabled: true,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: p.currently_due ?? [],
      disabled_reason: p.charges_enabled === false ? 'requirements.past_due' : null,
      errors: [],
      eventually_due: p.currently_due ?? [],
      past_due: p.currently_due ?? [],
      pending_verification: [],
    },
    settings: { dashboard: { display_name: p.display_name, timezone: 'Etc/UTC' }, payments: { statement_descriptor: p.display_name.toUpperCase().slice(0, 22) } },
    tos_acceptance: { date: created },
    type: 'standard',
  };
}

export interface LineItem {
  name: string;
  currency: string;
  unit_amount: number;
  quantity: number;
}

export interface SessionInput {
  line_items: LineItem[];
  success_url: string | null;
  cancel_url: string | null;
  expires_at: number;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
}

export type Session = ReturnType<typeof sessionObject>;

export function sessionObject(id: string, input: SessionInput, url: string) {
  const total = input.line_items.reduce((sum, i) => sum + i.unit_amount * i.quantity, 0);
  return {
    id,
    object: 'checkout.session' as const,
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancel_url,
    client_reference_id: input.client_reference_id,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now(),
    currency: input.line_items[0].currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: 'if_required',
    customer_details: null as null | { address: null; email: string; name: string | null; phone: null; tax_exempt: 'none'; tax_ids: [] },
    customer_email: input.customer_email,
    discounts: [],
    expires_at: input.expires_at,
    invoice: null,
    invoice_creation: { enabled: false, invoice_data: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: null, metadata: {}, rendering_options: null } },
    livemode: false,
    locale: null,
    metadata: input.metadata,
    mode: 'payment',
    payment_intent: null as string | null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid' as 'unpaid' | 'paid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open' as 'open' | 'complete' | 'expired',
    submit_type: null,
    subscription: null,
    success_url: input.success_url,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: url as string | null,
    wallet_options: null,
  };
}

export type PaymentIntent = ReturnType<typeof paymentIntentObject>;

export function paymentIntentObject(id: string, amount: number, currency: string, metadata: Record<string, string>) {
  return {
    id,
    object: 'payment_intent' as const,
    amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${stripeId('', 25)}`,
    confirmation_method: 'automatic',
    created: now(),
    currency,
    customer: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null as null | { code: string; decline_code: string; message: string; type: 'card_error' },
    latest_charge: null as string | null,
    livemode: false,
    metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null as string | null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method' as 'requires_payment_method' | 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export interface Card {
  number: string;
  brand: string;
}

export type Charge = ReturnType<typeof chargeObject>;

export function chargeObject(id: string, intent: PaymentIntent, card: Card, email: string | null, receiptUrl: string) {
  return {
    id,
    object: 'charge' as const,
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: stripeId('txn_3'),
    billing_details: { address: null, email, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: 'KAIROS',
    captured: true,
    created: now(),
    currency: intent.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: intent.metadata,
    on_behalf_of: null,
    outcome: { advice_code: null, network_advice_code: null, network_decline_code: null, network_status: 'approved_by_network', reason: null, risk_level: 'normal', risk_score: 20, seller_message: 'Payment complete.', type: 'authorized' },
    paid: true,
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    payment_method_details: {
      card: {
        amount_authorized: intent.amount,
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        fingerprint: stripeId('', 16),
        funding: 'credit',
        last4: card.number.slice(-4),
        network: card.brand,
        three_d_secure: null,
        wallet: null,
      },
      type: 'card',
    },
    receipt_email: email,
    receipt_number: null,
    receipt_url: receiptUrl,
    refunded: false,
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded' as const,
    transfer_data: null,
    transfer_group: null,
  };
}

export type Refund = ReturnType<typeof refundObject>;

export function refundObject(id: string, charge: Charge, amount: number, reason: string | null, metadata: Record<string, string>) {
  return {
    id,
    object: 'refund' as const,
    amount,
    balance_transaction: stripeId('txn_3'),
    charge: charge.id,
    created: now(),
    currency: charge.currency,
    destination_details: { card: { reference: stripeId('', 12), reference_status: 'available', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
    failure_balance_transaction: null as string | null,
    failure_reason: null as string | null,
    metadata,
    payment_intent: charge.payment_intent,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded' as 'pending' | 'succeeded' | 'failed' | 'canceled',
    transfer_reversal: null,
  };
}

/** The Connect application (the platform), as account.application.deauthorized carries it. */
export const applicationObject = (clientId: string, name: string) => ({ id: clientId, object: 'application', name });
