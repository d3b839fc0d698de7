// Google's JSON error bodies ({error: {code, message, errors: [{domain, reason, message}]}}), as the
// Calendar API answers them.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export const googleError = (status: number, reason: string, message: string) => ({
  error: { errors: [{ domain: 'global', reason, message }], code: status, message },
});
