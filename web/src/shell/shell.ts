// What a page's shell is made of (render.tsx makes them, web/shell-pages.ts puts them in the page).

/** The element that closes a shell in #root: the head waits for it before the first paint (web/shell-pages.ts). */
export const SHELL_END = 'shell-end';
/** #root's attribute when its shell was rendered at the page's own address (Shell.exact). */
export const EXACT_SHELL = 'data-shell-exact';

/** A page's shell: its body, and its title (a `<title>` element) and styles for the page's head. */
export interface Shell {
  html: string;
  /** Rendered at the very address it is served for (a route without parameters): the app may hydrate it (main.tsx). */
  exact: boolean;
  title: string;
  styles: string;
}

/** A route, in the router's order of matching, and the file of its shell (none: the plain app.html). */
export interface ShellRoute {
  pattern: string;
  file: string | null;
}

/** The shell renderer's module, as Vite loads it for the build and the dev server. */
export interface ShellModule {
  shellPlan(): ShellRoute[];
  patternOf(pathname: string): string | undefined;
  renderShell(pattern: string): Promise<Shell>;
}
