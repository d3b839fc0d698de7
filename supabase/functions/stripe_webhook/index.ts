import { readEnv } from '../_shared/http/env.ts';
import { readStripeWebhookEnv, stripeWebhookHandler } from './handler.ts';

const get = (name: string) => Deno.env.get(name);
Deno.serve(stripeWebhookHandler(readEnv(get), readStripeWebhookEnv(get)));
