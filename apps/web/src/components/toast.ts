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

/** Two failing calls of one page say the same thing once: a text shown again within this window is dropped. */
export const TOAST_DEDUPE_MS = 500;
const showing = new Map<string, number>();

function show(kind: keyof ToastApi, text: string): void {
  const now = Date.now();
  if ((showing.get(`${kind}:${text}`) ?? 0) > now) return;
  showing.set(`${kind}:${text}`, now + TOAST_DEDUPE_MS);
  void api[kind](text, TOAST_SECONDS);
}

/** The one way widgets and pages show a short message. */
export const toast = {
  success: (text: string): void => show('success', text),
  error: (text: string): void => show('error', text),
  warning: (text: string): void => show('warning', text),
  info: (text: string): void => show('info', text),
};
