// Runs one edge function the way the Supabase edge runtime does: the function calls Deno.serve
// with its handler; here that call is bound to the port the local stack assigned.
const [entry, port] = Deno.args;
const serve = Deno.serve;
type ServeArgs = Parameters<typeof Deno.serve>;

// deno-lint-ignore no-explicit-any
(Deno as any).serve = (...args: ServeArgs) => {
  const handler = args.find((a) => typeof a === 'function') ?? (args[0] as { handler?: unknown }).handler;
  const options = typeof args[0] === 'object' ? args[0] : {};
  return serve({ ...options, hostname: '127.0.0.1', port: Number(port), onListen() {} } as Deno.ServeTcpOptions, handler as Deno.ServeHandler);
};

await import(new URL(entry, `file://${Deno.cwd()}/`).href);
