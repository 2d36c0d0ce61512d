export { createStaffService, type StaffService } from './service.ts';
export { createStaffSignIn, type StaffSignIn } from './sign-in.ts';
