// The commerce module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/commerce is imported from outside it.
export { commerceDemoStep } from './commerce.demo';
export { commerceModule } from './commerce.routes';
export { wireCommerce } from './commerce.wiring';
export { todayIn } from './coverage';
export { quotationScope } from './quotation.repo';
export { acceptQuotation, rejectQuotation } from './quotation.service';
