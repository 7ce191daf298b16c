// The forms module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/forms is imported from outside it.
export { cleanExtWith, currentVersionOf, presentExt, presentWith, registerLinkTarget, validateAndComputeExt } from './ext.service';
export { apiTime, defaultTemplate, isUniqueViolation, latestVersion, liveFields, templateById, versionById } from './forms.repo';
export type { TemplateRec, VersionRec } from './forms.repo';
export { formsModule } from './forms.routes';
export { wireForms } from './forms.wiring';
export { addTemplate, renameTemplate, resolveTemplate } from './templates.service';
