// Files still on their way in a dialog: its 保存 waits for them (a save before went without the file, and said nothing).
import { createContext, type RefObject, useCallback, useContext, useEffect, useRef } from 'react';
import { toast } from '../../toast';

/** How many of the dialog's upload fields have a file under way; RecordFormDialog provides it. */
export const UploadsContext = createContext<RefObject<number> | null>(null);

/**
 * For the dialog (or page) whose save waits: `count` goes to UploadsContext around its fields, and `uploading()`,
 * asked before a save, says 文件上传中，请稍候 and answers true while a file is under way.
 */
export function useUploadsGate() {
  const count = useRef(0);
  const uploading = useCallback(() => {
    if (count.current === 0) return false;
    toast.warning('文件上传中，请稍候');
    return true;
  }, []);
  return { count, uploading };
}

/** Counts this field in while `busy` (a file being prepared or uploaded), and out when done or gone. */
export function useReportUploading(busy: boolean): void {
  const count = useContext(UploadsContext);
  useEffect(() => {
    if (!busy || !count) return;
    count.current += 1;
    return () => {
      count.current -= 1;
    };
  }, [busy, count]);
}
