// Stripe's error bodies (docs.stripe.com/api/errors): the API answers
// `{error: {type, message, code?, param?, decline_code?, doc_url?}}` with the status the SDK maps to
// its error classes (400/404 invalid_request_error, 401 authentication, 402 card_error, 403
// permission, 5xx api_error); Connect's OAuth endpoints answer `{error, error_description}`.

export type StripeErrorType = 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error';

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }

  body() {
    const { code } = this.extra;
    return { error: { type: this.type, message: this.message, ...this.extra, ...(code ? { doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}) } };
  }
}

export class StripeOAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: 'invalid_grant' | 'invalid_client' | 'invalid_request' | 'unsupported_grant_type' | 'invalid_scope',
    readonly description: string,
  ) {
    super(description);
  }

  body() {
    return { error: this.error, error_description: this.description };
  }
}

export const invalidRequest = (message: string, extra: { code?: string; param?: string } = {}, status = 400) => new StripeApiError(status, 'invalid_request_error', message, extra);
export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
export const noSuch = (kind: string, id: string) => invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' }, 404);
