// The form engine's web side: one renderer for every form kind, one viewer of custom values.
export { EMPTY_VALUE, ExtFieldValue, ExtFieldView, type ExtFieldViewProps } from './ExtFieldView';
export { type LinkPickerProps, registerLinkPicker } from './fields/LinkField';
export type { WidgetProps } from './fields/FieldWidget';
export { FormRenderer, type FormRendererProps } from './FormRenderer';
export {
  type CheckOptions,
  defaultExt,
  extKey,
  type FormCheck,
  type FormDefinition,
  type FormValues,
  liveState,
  sysKey,
  validateForm,
} from './formState';
export { useFormRenderer } from './useFormRenderer';
