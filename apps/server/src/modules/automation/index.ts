// The automation module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/automation is imported from outside it.
export { automationModule } from './automation.routes';
export { wireAutomation } from './automation.wiring';
