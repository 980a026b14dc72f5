// The audit feature as the router sees it: the event log screen, and the panel it puts below the
// edit screens of products, movements and patients.
export { AuditLog } from './AuditLog';
export { EntityAudit } from './EntityAudit';
