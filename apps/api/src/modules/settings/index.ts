export { createSettingsService, type SettingsService } from './service.ts';
