export { STAFF_DEVICE_DAYS } from './device-cookie.ts';
export { createStaffService, type StaffService, twoPersonRules } from './service.ts';
export { createStaffSignIn, type StaffSignIn } from './sign-in.ts';
