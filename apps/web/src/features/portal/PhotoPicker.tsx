// The fault photos of a report (the account's 报修 and 扫码报修): thumbnails with 删除, and 添加 opening the phone's
// camera or gallery; what happens to a picked file is the form's.
import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef } from 'react';

export function PhotoPicker(p: {
  photos: { key: string; src: string }[];
  max: number;
  busy?: boolean;
  testId: string;
  onPick: (files: FileList | null) => Promise<void>;
  onRemove: (key: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {p.photos.map((x) => (
          <div key={x.key} style={{ position: 'relative' }}>
            <img src={x.src} alt="故障照片" width={88} height={88} style={{ objectFit: 'cover', borderRadius: 6 }} />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label="删除照片"
              style={{ position: 'absolute', top: 2, right: 2 }}
              onClick={() => p.onRemove(x.key)}
            />
          </div>
        ))}
        {p.photos.length < p.max ? (
          <Button style={{ width: 88, height: 88 }} icon={<CameraOutlined />} loading={p.busy} onClick={() => input.current?.click()}>
            添加
          </Button>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        style={{ display: 'none' }}
        data-testid={p.testId}
        onChange={(e) =>
          void p.onPick(e.target.files).finally(() => {
            if (input.current) input.current.value = '';
          })
        }
      />
    </>
  );
}
