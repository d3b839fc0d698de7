// The auth feature as other features use it: two-factor authentication, which the Profile page turns
// on and off (who is signed in is lib/session.ts, for every feature).
export { CodeForm } from './CodeForm.tsx';
export { useDisableTotp, useEnrollTotp, useTotpFactors, useVerifyTotp } from './mfa.ts';
