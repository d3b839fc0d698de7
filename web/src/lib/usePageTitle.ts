// The browser tab's title: each page names itself, so tabs, history and screen readers tell pages apart.
import { createContext, useContext, useEffect } from 'react';

export const APP_NAME = 'Kairos';

/** "Dashboard · Kairos"; just "Kairos" while the page does not know its name yet (or for the home page). */
export function pageTitle(name?: string | null): string {
  return name ? `${name} · ${APP_NAME}` : APP_NAME;
}

/**
 * Where a page rendered as HTML (its shell: src/shell/render.tsx) leaves its title. No effect runs in
 * that render, so the page's title is taken as it renders; in the browser there is none.
 */
export const PageTitleSink = createContext<((title: string) => void) | null>(null);

/** Sets the document title while the page shows `name`. */
export function usePageTitle(name?: string | null): void {
  const title = pageTitle(name);
  useContext(PageTitleSink)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** A page named by what it loads: no name while loading, what went wrong otherwise, else `name`. */
export function loadedName(load: { pending: boolean; failed: boolean }, name: string | null | undefined, notFound: string): string | null {
  if (load.pending) return null;
  if (load.failed) return 'Could not load';
  return name || notFound;
}
