import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { homeRoutes } from './home/routes.ts';
import { passwordResetRoutes } from './password-reset/routes.ts';
import { paymentsRoutes } from './payments/routes.ts';

/**
 * The route plugins of every domain module, registered by buildApp in this order after the
 * cross-cutting plugins. A module registers its endpoints with defineRoute and reaches the
 * database through `app.database.db`.
 */
export const modules: FastifyPluginAsync[] = [
  homeRoutes,
  authRoutes,
  accountRoutes,
  passwordResetRoutes,
  paymentsRoutes,
];
