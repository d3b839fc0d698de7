import { readEnv } from '../_shared/http/env.ts';
import { stripeConfig } from '../_shared/payments/stripe.ts';
import { bookingsHandler } from './handler.ts';

const get = (name: string) => Deno.env.get(name);
Deno.serve(bookingsHandler(readEnv(get), stripeConfig(get)));
