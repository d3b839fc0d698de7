import { readEnv } from '../_shared/http/env.ts';
import { slotsHandler } from './handler.ts';

Deno.serve(slotsHandler(readEnv((name) => Deno.env.get(name))));
