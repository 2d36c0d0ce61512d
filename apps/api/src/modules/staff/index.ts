export { createStaffService, type StaffService, twoPersonRules } from './service.ts';
export { createStaffSignIn, type StaffSignIn } from './sign-in.ts';
