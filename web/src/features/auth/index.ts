// The auth feature as other features use it: who is signed in.
export { currentUserKey, useCurrentUser, useOwner, useUserQuery } from './session.ts';
export type { DashboardArrival } from './hooks.ts';
// Two-factor authentication, which the Profile page turns on and off.
export { CodeForm } from './CodeForm.tsx';
export { useDisableTotp, useEnrollTotp, useTotpFactors, useVerifyTotp } from './mfa.ts';
