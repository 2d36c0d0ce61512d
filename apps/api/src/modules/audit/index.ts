export { type AuditLog, createAuditLog } from './log.ts';
export { auditJson } from './mask.ts';
export type { Actor, AuditEntry } from './repository.ts';
export { auditInsertFrom } from './repository.ts';
export { countRecentAudits, memberActor, recordAudit, staffActor } from './service.ts';
