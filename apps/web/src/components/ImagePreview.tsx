import { Modal } from 'antd';
import { useEffect, useState } from 'react';

export const IMAGE_WIDTHS = ['40%', '100%'] as const;

export interface ImagePreviewProps {
  open: boolean;
  src: string;
  title?: string;
  onClose: () => void;
}

/** An image in a dialog; clicking the image toggles the dialog between 40% and 100% width. */
export function ImagePreview({ open, src, title = '图片预览', onClose }: ImagePreviewProps) {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    if (open) setWide(false);
  }, [open]);
  const width = IMAGE_WIDTHS[wide ? 1 : 0];
  return (
    <Modal open={open} title={title} width={width} footer={null} onCancel={onClose} centered destroyOnHidden>
      <button
        type="button"
        onClick={() => setWide(!wide)}
        title={wide ? '缩小' : '放大'}
        style={{ border: 0, padding: 0, background: 'none', cursor: wide ? 'zoom-out' : 'zoom-in', width: '100%' }}
      >
        <img src={src} alt={title} data-testid="image-preview-img" style={{ width: '100%', display: 'block' }} />
      </button>
    </Modal>
  );
}
