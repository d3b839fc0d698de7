// Where the Supabase stack is and how a session is stored: what a guest's page needs without supabase-js.
import { readStored } from './deviceStorage.ts';

// The Supabase CLI's well-known local anon key (scripts/local/config.ts): public by design, local only.
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

// Locally the Vite dev server proxies every Supabase path, so the app's own origin is a Supabase URL.
export const supabaseUrl: string = import.meta.env.VITE_SUPABASE_URL ?? window.location.origin;
export const supabaseAnonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY;

/** Where supabase-js keeps the session: its own default key, named here so pages can look without it. */
export const authStorageKey = `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;

/**
 * A booking page framed by another site (`/embed/*`) is always a guest's: it reads no session, so it
 * works where the browser refuses storage to third-party frames (Chromium does).
 */
export function isEmbedPage(): boolean {
  return window.location.pathname.startsWith('/embed/');
}

/** The stored session's text, or null when there is none or the browser refuses this page its storage. */
function storedSession(): string | null {
  return readStored(authStorageKey);
}

/**
 * Whether anybody may be signed in on this page: a stored session, or Auth's answer in the URL (a
 * sign-in link or OAuth redirect, which supabase-js turns into a session). When not, a guest's page
 * has no session to read and does not load supabase-js at all.
 */
export function maySignIn(): boolean {
  if (isEmbedPage()) return false;
  if (storedSession() !== null) return true;
  const { search, hash } = window.location;
  return /[?&#](code|access_token|error_description)=/.test(`${search}${hash}`);
}
