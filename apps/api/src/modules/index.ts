import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { bansRoutes } from './bans/routes.ts';
import { calendarRoutes } from './calendar/routes.ts';
import { complianceRoutes } from './compliance/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { flagsRoutes } from './flags/routes.ts';
import { homeRoutes } from './home/routes.ts';
import { incomeProofRoutes } from './income-proofs/routes.ts';
import { kycRoutes } from './kyc/routes.ts';
import { lineRoutes } from './line/routes.ts';
import { liveRoutes } from './live/routes.ts';
import { membersRoutes } from './members/routes.ts';
import { newsRoutes } from './news/routes.ts';
import { noticeRoutes } from './notices/routes.ts';
import { ordersRoutes } from './orders/routes.ts';
import { outboxRoutes } from './outbox/routes.ts';
import { pagesRoutes } from './pages/routes.ts';
import { passwordResetRoutes } from './password-reset/routes.ts';
import { paymentsRoutes } from './payments/routes.ts';
import { proposalsRoutes } from './proposals/routes.ts';
import { ratesRoutes } from './rates/routes.ts';
import { riskRoutes } from './risk/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { staffRoutes } from './staff/routes.ts';

/**
 * The route plugins of every domain module, registered by buildApp after the cross-cutting
 * plugins. A module's routes parse (the contract does it), call one function of its service
 * (`app.services`, built in services.ts) and return.
 */
export const modules: FastifyPluginAsync[] = [
  homeRoutes,
  authRoutes,
  accountRoutes,
  passwordResetRoutes,
  paymentsRoutes,
  kycRoutes,
  lineRoutes,
  ordersRoutes,
  complianceRoutes,
  staffRoutes,
  ratesRoutes,
  dashboardRoutes,
  newsRoutes,
  pagesRoutes,
  settingsRoutes,
  proposalsRoutes,
  membersRoutes,
  riskRoutes,
  incomeProofRoutes,
  noticeRoutes,
  flagsRoutes,
  bansRoutes,
  calendarRoutes,
  outboxRoutes,
  auditRoutes,
  liveRoutes,
];
