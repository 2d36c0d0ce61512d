export { createStaffService, type StaffService } from './service.ts';
