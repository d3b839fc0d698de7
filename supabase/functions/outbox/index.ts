import { outboxHandler, readOutboxEnv } from './handler.ts';

Deno.serve(outboxHandler(readOutboxEnv((name) => Deno.env.get(name))));
