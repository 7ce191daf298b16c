// The settings module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/settings is imported from outside it.
export { enabledDictItem, enabledDictNames, firstDictItem, listItems } from './dict.repo';
export { createItem, itemsByCode } from './dict.service';
export { getSetting, getSettingBool, getSettingInt, upsertSetting } from './settings.repo';
export { settingsModule } from './settings.routes';
export { wireSettings } from './settings.wiring';
