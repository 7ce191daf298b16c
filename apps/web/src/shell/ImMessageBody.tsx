import { EnvironmentOutlined, FileOutlined, IdcardOutlined, LinkOutlined } from '@ant-design/icons';
import type { ImMessage } from '@sk/shared';
import { Space } from 'antd';

interface FilePayload {
  name?: string;
  url?: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** One chat message as its kind shows it: text, a picture, a clip, a file, a link, a place or a card. */
export function ImMessageBody({ m }: { m: ImMessage }) {
  const p = obj(m.payload);
  const file = p as FilePayload;
  switch (m.eventType) {
    case 'text':
      return <>{typeof m.payload === 'string' ? m.payload : str(p.content)}</>;
    case 'image':
      return file.url ? (
        <a href={file.url} target="_blank" rel="noopener noreferrer">
          <img className="sk-chat-image" src={file.url} alt={file.name ?? '图片'} />
        </a>
      ) : (
        <>[图片]</>
      );
    case 'video':
      return file.url ? <video className="sk-chat-image" src={file.url} controls preload="metadata" aria-label={file.name ?? '视频'} /> : <>[视频]</>;
    case 'voice':
      return file.url ? <audio className="sk-chat-voice" src={file.url} controls preload="metadata" aria-label={file.name ?? '语音'} /> : <>[语音]</>;
    case 'file':
      return (
        <a href={file.url} target="_blank" rel="noopener noreferrer">
          <Space size={4}>
            <FileOutlined />
            {file.name ?? '文件'}
          </Space>
        </a>
      );
    case 'link':
      return (
        <a href={str(p.url)} target="_blank" rel="noopener noreferrer">
          <Space size={4}>
            <LinkOutlined />
            {str(p.title) || str(p.url)}
          </Space>
        </a>
      );
    case 'location':
      return (
        <Space size={4}>
          <EnvironmentOutlined />
          {`${str(p.address) || '位置'}（${Number(p.lat).toFixed(5)}, ${Number(p.lng).toFixed(5)}）`}
        </Space>
      );
    case 'business_card':
      return (
        <Space size={4}>
          <IdcardOutlined />
          {`${str(p.name)} ${str(p.mobile)}`.trim()}
        </Space>
      );
    default:
      return <>{`[${m.eventType}]`}</>;
  }
}
