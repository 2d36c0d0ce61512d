export { sanitizeHtml } from './sanitize.ts';
export { createPagesService, type PagesService } from './service.ts';
