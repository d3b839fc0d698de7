// The auth feature as other features use it: who is signed in.
export { currentUserKey, useCurrentUser } from './hooks.ts';
