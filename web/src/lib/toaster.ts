// Toasts: success, error and the logged-out notice.
import { createToaster } from '@chakra-ui/react';

// docs/product/constants.md: one toast at a time, 5 s by default.
export const toaster = createToaster({ placement: 'bottom-end', max: 1, duration: 5000, pauseOnPageIdle: true });

export function notify(title: string, description?: string, options: { destructive?: boolean } = {}): void {
  toaster.create({ title, description, type: options.destructive ? 'error' : 'success', closable: true });
}

export function notifyError(title: string, description?: string): void {
  notify(title, description, { destructive: true });
}

/** docs/product/screens.md: what a logged-out visitor sees before being sent to sign in. */
export function notifyLoggedOut(): void {
  notifyError('Unauthorized', 'You are logged out. Logging in again...');
}
