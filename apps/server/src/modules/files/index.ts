// The files module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/files is imported from outside it.
export { filesModule } from './files.routes';
export { wireFiles } from './files.wiring';
export { foreignUploadIds, uploadUrl, uploadsOf } from './uploads.repo';
export { saveDataUrl } from './uploads.service';
