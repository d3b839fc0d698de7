import { readEnv } from '../_shared/http/env.ts';
import { calendarsHandler, readCalendarsEnv } from './handler.ts';

const get = (name: string) => Deno.env.get(name);
Deno.serve(calendarsHandler(readEnv(get), readCalendarsEnv(get)));
