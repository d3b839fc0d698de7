// Runs one edge function the way the Supabase Edge Runtime does, on the Deno release it is built on:
// its changes from plain Deno applied first (edge-runtime.ts), then the function's module loaded; its
// Deno.serve call is bound to the port the local stack assigned, whatever options it passes. A module
// that fails to load, or never calls Deno.serve, answers every request 503 BOOT_ERROR, as the CLI
// does, instead of stopping the stack.
import { bootError, imitateEdgeRuntime, limited } from './edge-runtime.ts';

const [entry, port] = Deno.args;
const name = entry.split('/').at(-2);
const serve = Deno.serve;
const limits = {
  wallClockMs: Number(Deno.env.get('KAIROS_FUNCTION_WALL_CLOCK_MS')),
  cpuMs: Number(Deno.env.get('KAIROS_FUNCTION_CPU_MS')),
};
// The runner's own settings are not the function's secrets.
Deno.env.delete('KAIROS_FUNCTION_WALL_CLOCK_MS');
Deno.env.delete('KAIROS_FUNCTION_CPU_MS');
const log = (m: string) => console.error(`[edge runtime] ${m}`);

function listen(handler: Deno.ServeHandler) {
  return serve({ hostname: '127.0.0.1', port: Number(port), onListen() {} }, limited(handler, limits, log));
}

let served = false;
// deno-lint-ignore no-explicit-any
(Deno as any).serve = (...args: Parameters<typeof Deno.serve>) => {
  const handler = args.find((a) => typeof a === 'function') ?? (args[0] as { handler?: unknown }).handler;
  served = true;
  return listen(handler as Deno.ServeHandler);
};

const { endInit } = imitateEdgeRuntime();
try {
  await import(new URL(entry, `file://${Deno.cwd()}/`).href);
  if (!served) throw new Error('the function never called Deno.serve (the Edge Runtime serves nothing else)');
} catch (e) {
  log(`${name}: worker boot error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  if (!served) listen(() => bootError());
} finally {
  endInit();
}
