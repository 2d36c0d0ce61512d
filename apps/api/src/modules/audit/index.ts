export { type AuditLog, createAuditLog } from './log.ts';
export { auditJson, maskedAuditValue } from './mask.ts';
export type { Actor, AuditEntry } from './repository.ts';
export { auditInsertFrom } from './repository.ts';
export { countRecentAudits, memberActor, recentAudits, recordAudit, staffActor } from './service.ts';
