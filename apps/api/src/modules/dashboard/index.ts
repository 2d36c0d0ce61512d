export { createDashboardService, type DashboardService } from './service.ts';
