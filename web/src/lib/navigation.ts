// Full page loads, behind a seam tests can replace.
/** A full page load (server routes such as /api/login); a seam tests can replace. */
export function hardNavigate(url: string): void {
  window.location.assign(url);
}
