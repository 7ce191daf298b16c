// Files still on their way in a form: its save waits for them (a save before went without the file, and said nothing).
// A dialog or page whose save sends upload fields: `const uploads = useUploadsGate()`, `<UploadsGate gate={uploads}>`
// around the fields, and `if (uploads.uploading()) return;` first in the save, before any value is read.
import { createContext, createElement, type ReactNode, type RefObject, useContext, useEffect, useMemo, useRef } from 'react';
import { toast } from '../../toast';

/** How many of the form's upload fields have a file under way. */
const UploadsContext = createContext<RefObject<number> | null>(null);

export interface Uploads {
  /** Says 文件上传中，请稍候 and answers true while a file inside the gate is under way. */
  uploading: () => boolean;
  /** What UploadsGate hands to the fields. */
  count: RefObject<number>;
}

/** The save's side: ask `uploading()` before a save. */
export function useUploadsGate(): Uploads {
  const count = useRef(0);
  return useMemo(
    () => ({
      count,
      uploading: () => {
        if (count.current === 0) return false;
        toast.warning('文件上传中，请稍候');
        return true;
      },
    }),
    [],
  );
}

/** The fields' side: the upload fields inside count their files under way in `gate`. */
export function UploadsGate({ gate, children }: { gate: Uploads; children: ReactNode }) {
  return createElement(UploadsContext, { value: gate.count }, children);
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
