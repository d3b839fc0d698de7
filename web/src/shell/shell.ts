// What a page's shell is made of (render.tsx makes them, web/shell-pages.ts puts them in the page).

/** A page's shell: its body, and its title (a `<title>` element) and styles for the page's head. */
export interface Shell {
  html: string;
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
