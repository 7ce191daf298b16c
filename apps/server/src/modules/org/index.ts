// The org module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/org is imported from outside it.
export { lockEnterprise } from './enterprise.repo';
export { addHandoverStep } from './handover';
export { DEMO_CITY_CREW, demoEngineers } from './org.demo';
export type { DemoEngineer } from './org.demo';
export { orgDemoStep } from './org.provision';
export { orgModule } from './org.routes';
export { wireOrg } from './org.wiring';
export { userWhere } from './user.list.repo';
