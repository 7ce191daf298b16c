import { DownloadOutlined, FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { extOf, fileKind } from '../lib/format';

export interface FilePreviewProps {
  open: boolean;
  url: string;
  name?: string;
  onClose: () => void;
}

export const fileNameOf = (url: string): string => decodeURIComponent((url.split(/[?#]/)[0] ?? '').split('/').pop() || '文件');

function Body({ url, name }: { url: string; name: string }) {
  const kind = fileKind(name.includes('.') ? name : url);
  if (kind === 'image') return <img src={url} alt={name} style={{ maxWidth: '100%', maxHeight: '100%', display: 'block', margin: '0 auto' }} />;
  if (kind === 'video') return <video src={url} controls style={{ width: '100%', maxHeight: '100%' }} />;
  if (extOf(name || url) === 'pdf') return <iframe src={url} title={name} style={{ width: '100%', height: '100%', minHeight: 480, border: 0 }} />;
  return <div style={{ padding: 48, textAlign: 'center' }}>该文件类型不支持在线预览，请下载后查看</div>;
}

/** A file in a dialog with 下载 and 全屏 buttons; images, videos and PDFs show inline. */
export function FilePreview({ open, url, name, onClose }: FilePreviewProps) {
  const [full, setFull] = useState(false);
  const title = name || fileNameOf(url);
  const close = () => {
    setFull(false);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      destroyOnHidden
      width={full ? '100vw' : 800}
      style={full ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      styles={{ body: { height: full ? 'calc(100vh - 140px)' : 480, overflow: 'auto' } }}
      footer={
        <Space>
          <Button icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={() => setFull(!full)}>
            {full ? '退出全屏' : '全屏'}
          </Button>
          <Button type="primary" icon={<DownloadOutlined />} href={url} download={title} target="_blank">
            下载
          </Button>
        </Space>
      }
    >
      <Body url={url} name={title} />
    </Modal>
  );
}
