export { createNewsService, type NewsService } from './service.ts';
