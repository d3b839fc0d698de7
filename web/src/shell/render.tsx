// A page's shell: the app's own first render of a route, as HTML, for a guest on a first visit in English
// (web/shell-pages.ts writes one per route into the build and serves them from the dev server). The page
// shows its frame, its loading state and, where the build knows them, its texts before any script runs;
// the app then hydrates it or renders the same on top (docs/page-shells.md), so nothing moves (web/e2e/shells.test.ts).
import { enterGuest, leaveGuest } from './guest-window.ts';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { isValidElement, StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { StaticRouter } from 'react-router';
import { PublicLayout } from '../app/layout.tsx';
import { Providers } from '../app/providers.tsx';
import { AppRoutes, preloadPages, routes } from '../app/router.tsx';
import { loadMessages } from '../i18n/catalogue.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import { pageTitle, PageTitleSink } from '../lib/usePageTitle.ts';
import type { Shell, ShellRoute } from './shell.ts';

// The app's modules above have loaded with a guest's window (guest-window.ts); each render enters again.
leaveGuest();

/** Where a route's shell is written: `/` is index.html, every other one under shells/. */
function fileOf(pattern: string): string {
  if (pattern === '/') return 'index.html';
  const name = pattern === '*' ? 'not-found' : pattern.slice(1).replace(/:/g, '').replace(/\//g, '-');
  return `shells/${name}.html`;
}

/**
 * Every route, in the order the router matches them (router.tsx lists them so). The open pages' frame
 * gets shells; a signed-in screen shows a spinner until its session is read and an embed takes its
 * colours from its address, so theirs would show nothing true and they keep the plain page.
 */
export function shellPlan(): ShellRoute[] {
  return routes.flatMap((group: RouteObject) => {
    const framed = isValidElement(group.element) && group.element.type === PublicLayout;
    return (group.children ?? []).map(({ path = '*' }) => ({ pattern: path, file: framed ? fileOf(path) : null }));
  });
}

/** The route pattern a path opens, for the dev server. */
export function patternOf(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path;
}

/** An address the pattern matches, with a placeholder for each parameter (the shells show no parameter). */
function sampleOf(pattern: string): string {
  return pattern === '*' ? '/not/found' : pattern.replace(/:\w+/g, '1');
}

/**
 * The shell of a route. Its styles are collected into a few <style> tags for the head (Emotion's
 * critical CSS, which the app's Emotion takes over as its own, adding none twice) rather than one
 * beside each element, which a phone's browser would read and apply one by one.
 */
export async function renderShell(pattern: string): Promise<Shell> {
  const location = sampleOf(pattern);
  enterGuest();
  try {
    return { ...(await render(location)), exact: location === pattern };
  } finally {
    leaveGuest();
  }
}

async function render(location: string): Promise<Omit<Shell, 'exact'>> {
  await Promise.all([preloadPages(location), loadMessages('en')]);
  const queryClient = createQueryClient();
  // The key the app's own Emotion uses (`css`), so its class names are the shell's.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  let named = pageTitle();
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <PageTitleSink value={(title) => (named = title)}>
          <Providers queryClient={queryClient}>
            <StaticRouter location={location}>
              <AppRoutes />
            </StaticRouter>
          </Providers>
        </PageTitleSink>
      </CacheProvider>
    </StrictMode>,
  );
  // Its queries never ran; cleared, they keep no timer (their garbage collection's) alive in the build.
  queryClient.clear();
  // React writes the element, its text escaped.
  const title = renderToStaticMarkup(<title>{named}</title>);
  return { html, title, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}
