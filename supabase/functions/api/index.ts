import { readEnv } from '../_shared/http/env.ts';
import { apiHandler } from './handler.ts';

Deno.serve(apiHandler(readEnv((name) => Deno.env.get(name))));
