// The /api compatibility routes of spec section 7, one module per area.
import type { FunctionEnv } from '../_shared/http/env.ts';
import { createHandler, Router } from '../_shared/http/router.ts';
import { authRoutes } from './routes/auth.ts';

export function apiRouter(): Router {
  const router = new Router();
  authRoutes(router);
  return router;
}

export const apiHandler = (env: FunctionEnv) => createHandler(apiRouter(), env);
