export type { Actor, AuditEntry } from './repository.ts';
export { memberActor, recordAudit, staffActor } from './service.ts';
