// What other parts may use of the automation area: its panels of 流程设置 (features/forms).
export { NotifySettings } from './NotifySettings';
export { AutomationItems } from './Rules';
