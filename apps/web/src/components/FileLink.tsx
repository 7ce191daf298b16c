import { PaperClipOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { fileKind } from '../lib/format';
import { FilePreview, fileNameOf } from './FilePreview';
import { ImagePreview } from './ImagePreview';

export interface FileLinkProps {
  url: string;
  name?: string;
  /** Thumbnail size of images, px. */
  thumb?: number;
}

const plain = { border: 0, padding: 0, background: 'none', cursor: 'pointer', color: 'inherit' } as const;

/**
 * A stored file by its extension: an image as a thumbnail (click to enlarge), a video as a play link
 * (opens the preview), anything else as a download link.
 */
export function FileLink({ url, name, thumb = 48 }: FileLinkProps) {
  const [open, setOpen] = useState(false);
  const title = name || fileNameOf(url);
  const kind = fileKind(name?.includes('.') ? name : url);
  if (kind === 'file') {
    return (
      <a href={url} download={title} target="_blank" rel="noreferrer">
        <PaperClipOutlined /> {title}
      </a>
    );
  }
  return (
    <>
      {kind === 'image' ? (
        <button type="button" style={plain} onClick={() => setOpen(true)} title={title}>
          <img src={url} alt={title} width={thumb} height={thumb} style={{ objectFit: 'cover', borderRadius: 4 }} />
        </button>
      ) : (
        <button type="button" style={{ ...plain, color: 'var(--ant-color-link, #1668dc)' }} onClick={() => setOpen(true)}>
          <PlayCircleOutlined /> {title}
        </button>
      )}
      {kind === 'image' ? (
        <ImagePreview open={open} src={url} title={title} onClose={() => setOpen(false)} />
      ) : (
        <FilePreview open={open} url={url} name={title} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
