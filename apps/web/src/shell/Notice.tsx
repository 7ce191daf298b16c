import { ExclamationCircleFilled, InfoCircleFilled, WarningFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS = {
  info: <InfoCircleFilled style={{ color: '#1677ff' }} />,
  warning: <WarningFilled style={{ color: '#faad14' }} />,
  error: <ExclamationCircleFilled style={{ color: '#ff4d4f' }} />,
};

/** A light full-width message for the shell's own states (antd Result carries large illustrations the first load does not need). */
export function Notice({ kind, title, text, extra }: { kind: keyof typeof ICONS; title: string; text?: ReactNode; extra?: ReactNode }) {
  return (
    <div className="sk-notice" role="status">
      <div className="sk-notice-icon">{ICONS[kind]}</div>
      <div className="sk-notice-title">{title}</div>
      {text && <div className="sk-notice-text">{text}</div>}
      {extra && <div className="sk-notice-extra">{extra}</div>}
    </div>
  );
}
