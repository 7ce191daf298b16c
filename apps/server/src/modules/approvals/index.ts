// The approvals module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/approvals is imported from outside it.
export { approvalsModule } from './approvals.routes';
export { wireApprovals } from './approvals.wiring';
export { closeApproval, decide, decideDocument, hasFlow, hasFlowSql, startApproval, waitingDeciders, waitingInstanceOf } from './engine';
export type { Instance } from './engine';
export { adminsNamed, noFlowWaiting } from './engine.repo';
export { documentFlow } from './inbox.service';
export { approvalsDemoStep } from './approvals.demo';
