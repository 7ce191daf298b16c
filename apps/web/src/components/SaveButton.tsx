import { Button, type ButtonProps } from 'antd';
import { useRef, useState } from 'react';

export interface SaveButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** The save itself; the button shows loading until it settles. */
  onSave: () => unknown;
  /** Optional pre-check; answering false stops the save (it shows its own message). */
  check?: () => boolean | Promise<boolean>;
}

/**
 * A save button with a loading state. A failing save or check is swallowed (the request client has
 * already shown the message) and the loading state is cleared; clicks while loading are ignored.
 */
export function SaveButton({ onSave, check, children = '保存', type = 'primary', ...rest }: SaveButtonProps) {
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  const run = async () => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    try {
      if (check && !(await check())) return;
      await onSave();
    } catch {
      // swallowed on purpose (save-button error)
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  return (
    <Button {...rest} type={type} loading={loading} onClick={run}>
      {children}
    </Button>
  );
}
