import { setupServer } from 'msw/node';

/** msw stands in for the Supabase gateway (PostgREST, Auth, functions) at the app's own origin. */
export const server = setupServer();
