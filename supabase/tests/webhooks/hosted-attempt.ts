// One webhook attempt with a hosted project's outbound policy (loopback refused), run by
// delivery.test.ts on the pinned Deno, where the outbound guard runs: `deno run hosted-attempt.ts
// '<outbox row as JSON>'` with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY set. Prints the outcome.
import process from 'node:process';
import { createClient } from '@supabase/supabase-js';
import { DEFAULT_POLICY, outboundFetch } from '../../functions/_shared/net/outbound.ts';
import { PermanentError, type OutboxRow } from '../../functions/_shared/outbox/worker.ts';
import { WEBHOOK_TIMEOUT_MS } from '../../functions/_shared/rules/webhooks.ts';
import { webhookHandler } from '../../functions/_shared/webhooks/deliver.ts';

const row = JSON.parse(process.argv[2]) as OutboxRow;
const db = createClient(process.env.SUPABASE_URL!, process.env.SUPABASE_SERVICE_ROLE_KEY!, { auth: { persistSession: false, autoRefreshToken: false } });
const hosted = webhookHandler({ db, fetch: outboundFetch({ ...DEFAULT_POLICY, timeoutMs: WEBHOOK_TIMEOUT_MS }) });
const outcome = await hosted(row).then(
  () => null,
  (e: Error) => ({ permanent: e instanceof PermanentError, message: e.message }),
);
console.log(JSON.stringify(outcome));
