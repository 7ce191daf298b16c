import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { Envelope } from '@sk/shared/common/envelope';
import type { UploadedFile } from '@sk/shared/files/files.contract';
import { FIELD_LIMITS, type FieldDef } from '@sk/shared/forms/index';
import { Button, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { API_PREFIX, uploadFailure } from '../../../lib/api';
import { extOf, fileKind } from '../../../lib/format';
import { COMPRESS_SETTING, compressedUpload, imageQuality } from '../../../lib/offline/image';
import { getSessionUser } from '../../../lib/session';
import { useApi } from '../../../lib/query';
import { settingsContract } from '@sk/shared/settings/settings.contract';
import { FilePreview } from '../../FilePreview';
import { ImagePreview } from '../../ImagePreview';
import { toast } from '../../toast';
import { acceptedExts, fileOf, type KnownFile, rememberFile, uploadKind } from './files';
import { useReportUploading } from './uploads';

export interface UploadFieldProps {
  def: FieldDef;
  value: unknown;
  onChange: (ids: number[] | null) => void;
  disabled?: boolean;
  files?: Map<number, { name?: string; url?: string; ext?: string }>;
  id?: string;
}

const maxOf = (def: FieldDef): number =>
  def.maxCount ?? (def.type === 10 ? FIELD_LIMITS.defaultImages : def.type === 26 ? FIELD_LIMITS.multiImages : FIELD_LIMITS.files);

/** Pictures (10, 26) and attachments (15): uploaded through POST /upload/save, kept as file ids, previewed on click. */
export function UploadField({ def, value, onChange, disabled, files, id }: UploadFieldProps) {
  const ids = Array.isArray(value) ? (value as number[]) : [];
  const latest = useRef(ids);
  latest.current = ids;
  const [pending, setPending] = useState<UploadFile[]>([]);
  // Pictures being compressed before they go up.
  const [preparing, setPreparing] = useState(0);
  useReportUploading(pending.length + preparing > 0);
  const [preview, setPreview] = useState<KnownFile | null>(null);
  const exts = acceptedExts(def);
  const max = maxOf(def);
  const pictures = def.type !== 15;
  const kind = uploadKind(def);
  // 上传图片时压缩: pictures go up at quality 0.5 when the enterprise turned it on.
  const quality = imageQuality(useApi(settingsContract.getByCode, { code: COMPRESS_SETTING }, { call: { silent: true } }).data?.value);

  const done: UploadFile[] = ids.map((i) => {
    const f = fileOf(i, files);
    return { uid: String(i), name: f.name, status: 'done', url: f.url, thumbUrl: pictures ? f.url : undefined };
  });
  const dropPending = (uid: string) => setPending((p) => p.filter((x) => x.uid !== uid));

  return (
    <>
      <Upload
        id={id}
        name="file"
        action={`${API_PREFIX}/upload/save${kind ? `?kind=${kind}` : ''}`}
        headers={{ 'X-CSRF-Token': getSessionUser()?.csrfToken ?? '' }}
        withCredentials
        disabled={disabled}
        multiple={max > 1}
        accept={exts.map((e) => `.${e}`).join(',')}
        listType={pictures ? 'picture-card' : 'text'}
        fileList={[...done, ...pending]}
        beforeUpload={(file) => {
          if (!exts.includes(extOf(file.name))) {
            toast.error(`不支持的文件类型，仅支持${exts.join('、')}`);
            return Upload.LIST_IGNORE;
          }
          if (latest.current.length + pending.length >= max) {
            toast.error(`最多上传${max}个文件`);
            return Upload.LIST_IGNORE;
          }
          if (!pictures) return true;
          setPreparing((n) => n + 1);
          return compressedUpload(file, quality).finally(() => setPreparing((n) => n - 1));
        }}
        onChange={({ file }) => {
          if (file.status === 'uploading') {
            setPending((p) => [...p.filter((x) => x.uid !== file.uid), file]);
            return;
          }
          if (file.status === 'removed') return;
          dropPending(file.uid);
          const env = file.response as Envelope<UploadedFile> | undefined;
          if (file.status === 'error' || !env) return void toast.error(uploadFailure(file.response));
          if (!env.success || !env.data) return void toast.error(env.message);
          rememberFile(env.data);
          onChange([...latest.current, env.data.id]);
        }}
        onRemove={(file) => {
          const n = Number(file.uid);
          if (latest.current.includes(n)) {
            const rest = latest.current.filter((x) => x !== n);
            onChange(rest.length ? rest : null);
          } else dropPending(file.uid);
          return false;
        }}
        onPreview={(file) => {
          const n = Number(file.uid);
          if (Number.isSafeInteger(n)) setPreview(fileOf(n, files));
        }}
      >
        {disabled || ids.length + pending.length >= max ? null : pictures ? (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 4 }}>上传</div>
          </div>
        ) : (
          <Button icon={<UploadOutlined />}>上传附件</Button>
        )}
      </Upload>
      {preview && (pictures || fileKind(preview.ext ? `x.${preview.ext}` : preview.name) === 'image') ? (
        <ImagePreview open src={preview.url} title={preview.name} onClose={() => setPreview(null)} />
      ) : preview ? (
        <FilePreview open url={preview.url} name={preview.name} onClose={() => setPreview(null)} />
      ) : null}
    </>
  );
}
