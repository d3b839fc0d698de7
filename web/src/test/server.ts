import { setupServer } from 'msw/node';
import { realtimeStandIn } from './realtime.ts';

/** msw stands in for the Supabase gateway (PostgREST, Auth, functions, Realtime) at the app's own origin. */
export const server = setupServer(realtimeStandIn);
