// Full page loads, behind a seam tests can replace, and the state one screen hands the next.
/** A full page load (server routes such as /api/login); a seam tests can replace. */
export function hardNavigate(url: string): void {
  window.location.assign(url);
}

/** The dashboard's route state on entering: whether this is the account's first visit (a sign-up). */
export interface DashboardArrival {
  firstVisit?: boolean;
}
