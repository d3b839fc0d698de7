// Whether a host has shared their booking link from this browser: the last step of the dashboard's
// setup checklist. Kept in the browser (the signed-in app's own origin), per user.
const key = (userId: string) => `kairos:link-shared:${userId}`;

export function hasSharedLink(userId: string): boolean {
  try {
    return localStorage.getItem(key(userId)) !== null;
  } catch {
    return false;
  }
}

export function markLinkShared(userId: string): void {
  try {
    localStorage.setItem(key(userId), new Date().toISOString());
  } catch {
    // Storage refused: the checklist asks again, nothing else depends on it.
  }
  window.dispatchEvent(new Event(SHARED_EVENT));
}

/** Fired on the window when a link is shared, so a checklist on screen ticks the step at once. */
export const SHARED_EVENT = 'kairos:link-shared';
