import { readEnv } from '../_shared/http/env.ts';
import { bookingsHandler } from './handler.ts';

Deno.serve(bookingsHandler(readEnv((name) => Deno.env.get(name))));
