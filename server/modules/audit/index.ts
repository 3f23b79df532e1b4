// The audit module's public face: every module that changes something for staff records it here, in its transaction.
export { recordAudit, AUDIT_TARGETS, type AuditActor, type AuditChange, type AuditTarget } from './record';
