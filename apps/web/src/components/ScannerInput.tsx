import { Input, type InputProps } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { createScanner } from '../lib/scanner';

export interface ScannerInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string;
  onChange?: (value: string) => void;
  /** Called with a code that arrived at scanner speed (see lib/scanner.ts). */
  onScan?: (code: string) => void;
  /** Also catch scans while focus is elsewhere on the page (stock counts, quick lookups). */
  global?: boolean;
}

/** A text box that a person can type into and a barcode scanner can fill; a scan replaces the text. */
export function ScannerInput({ value, onChange, onScan, global = false, onKeyDown, ...rest }: ScannerInputProps) {
  const handlers = useRef({ onChange, onScan });
  handlers.current = { onChange, onScan };
  const scanner = useMemo(
    () =>
      createScanner({
        onScan: (code) => {
          handlers.current.onChange?.(code);
          handlers.current.onScan?.(code);
        },
      }),
    [],
  );

  useEffect(() => {
    if (!global) return;
    const listen = (e: KeyboardEvent) => {
      if (scanner.key(e.key)) e.preventDefault();
    };
    document.addEventListener('keydown', listen);
    return () => {
      document.removeEventListener('keydown', listen);
      scanner.reset();
    };
  }, [global, scanner]);
  useEffect(() => () => scanner.reset(), [scanner]);

  return (
    <Input
      placeholder="请扫描或输入条码"
      {...rest}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      onKeyDown={(e) => {
        // a completed scan's Enter must not submit the surrounding form
        if (!global && scanner.key(e.key)) e.preventDefault();
        onKeyDown?.(e);
      }}
    />
  );
}
