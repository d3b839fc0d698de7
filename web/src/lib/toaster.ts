// Toasts: success, error and the logged-out notice. The toaster (Chakra's Toaster on Zag's toast
// machines) loads with the first toast rather than with every page: a guest rarely sees one. A toast
// raised before it is rendered waits in its store and shows when it mounts.
import { useSyncExternalStore } from 'react';

type ToasterModule = typeof import('../components/AppToaster.tsx');

let loaded: ToasterModule | undefined;
let loading: Promise<ToasterModule> | undefined;
const listeners = new Set<() => void>();

export function loadToaster(): Promise<ToasterModule> {
  return (loading ??= import('../components/AppToaster.tsx').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  }));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

const loadedToaster = () => loaded;

/** The toaster's module once some toast loaded it (the providers render it from then on). */
export function useLoadedToaster(): ToasterModule | undefined {
  return useSyncExternalStore(subscribe, loadedToaster, loadedToaster);
}

export function notify(title: string, description?: string, options: { destructive?: boolean } = {}): void {
  void loadToaster().then(({ toaster }) => {
    // A success makes any error on screen stale (the action worked after all): it goes, rather than
    // holding the success back behind it (one toast at a time).
    if (!options.destructive) for (const toast of toaster.getVisibleToasts()) if (toast.type === 'error' && toast.id) toaster.remove(toast.id);
    toaster.create({ title, description, type: options.destructive ? 'error' : 'success', closable: true });
  });
}

export function notifyError(title: string, description?: string): void {
  notify(title, description, { destructive: true });
}

/**
 * docs/product/screens.md: what a logged-out visitor sees before being sent to sign in. Raised outside
 * React too (a refused mutation), so it names its messages and the toaster says them in the page's language.
 */
export function notifyLoggedOut(): void {
  void loadToaster().then(({ toaster, LOGGED_OUT }) => toaster.create({ type: 'error', closable: true, meta: { said: LOGGED_OUT } }));
}
