import type { FieldDef } from '@sk/shared/forms/index';
import { UploadField } from './UploadField';

const defOf = (maxCount: number) => ({ id: 0, type: 15, name: '附件', fileKinds: [], maxCount }) as unknown as FieldDef;

/** A form item's attachments (file ids), uploaded through the upload service: the one control for every 附件 field. */
export function AttachmentsField({
  value,
  onChange,
  maxCount = 20,
  files,
  id,
}: {
  value?: number[] | null;
  onChange?: (ids: number[]) => void;
  maxCount?: number;
  files?: Map<number, { name?: string; url?: string; ext?: string }>;
  id?: string;
}) {
  return <UploadField id={id} def={defOf(maxCount)} value={value ?? []} onChange={(v) => onChange?.(v ?? [])} files={files} />;
}
