// What other parts may use of the form engine: its contract and the template-type tabs (事件设置).
export { formsContract } from './api';
export { type TemplateKind, TemplateTypes } from './components/TemplateTypes';
