export { seedClosedDays, seedYears } from './seed.ts';
export { type CalendarService, createCalendarService } from './service.ts';
