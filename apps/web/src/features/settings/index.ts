// What other parts may use of the settings area: reading one system setting, and a form of catalogue settings (派单规则's
// related settings).
export { SettingsForm } from './components/SettingsForm';
export { useSetting, useSettingQuery } from './api';
