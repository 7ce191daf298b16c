import { message } from 'antd';

/** Feedback toasts last 2000 ms. */
export const TOAST_SECONDS = 2;

type Show = (content: string, duration?: number) => unknown;
export type ToastApi = Record<'success' | 'error' | 'warning' | 'info', Show>;

let api: ToastApi = message;

/** Lets the shell hand over the context-aware instance from antd's `App.useApp().message`. */
export function bindToast(instance: ToastApi): void {
  api = instance;
}

/** The one way widgets and pages show a short message. */
export const toast = {
  success: (text: string): void => void api.success(text, TOAST_SECONDS),
  error: (text: string): void => void api.error(text, TOAST_SECONDS),
  warning: (text: string): void => void api.warning(text, TOAST_SECONDS),
  info: (text: string): void => void api.info(text, TOAST_SECONDS),
};
