import { EnvironmentOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import type { Envelope } from '@sk/shared/common/envelope';
import type { UploadedFile } from '@sk/shared/files/files.contract';
import { type ImEventType, type ImMessage, imContract } from '@sk/shared';
import { Button, Drawer, Empty, Input, Space, Tag, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import { toast } from '../components/toast';
import { API_PREFIX, uploadFailure } from '../lib/api';
import type { ImState } from '../lib/im';
import { useApi } from '../lib/query';
import { getSessionUser, useUser } from '../lib/session';
import { ImMessageBody } from './ImMessageBody';
import { VoiceButton } from './VoiceButton';

const STATE_LABEL: Record<ImState, [string, string]> = {
  connecting: ['连接中', 'processing'],
  open: ['已连接', 'success'],
  closed: ['已断开，正在重连', 'warning'],
  error: ['连接异常', 'error'],
};

const LINK = /^https?:\/\/\S+$/;
const KIND_OF_UPLOAD: Record<string, ImEventType> = { image: 'image', video: 'video', audio: 'voice' };

/** The chat drawer: recent history, then what arrives on the socket. */
export default function ImPanel({
  open,
  onClose,
  state,
  live,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  state: ImState;
  live: ImMessage[];
  /** Answers false when the message could not be sent. */
  onSend: (eventType: ImEventType, payload: unknown) => boolean;
}) {
  const user = useUser();
  const [draft, setDraft] = useState('');
  const history = useApi(imContract.messages, { pageIndex: 0, pageSize: 20 }, { enabled: open, call: { silent: true } });
  const seen = new Set<number>();
  const messages = [...(history.data?.list ?? []).slice().reverse(), ...live].filter((m) => !seen.has(m.id) && !!seen.add(m.id));
  const [label, color] = STATE_LABEL[state];
  const send = () => {
    const t = draft.trim();
    // A lone address goes as a link (opened in a new tab on the other side).
    if (t && onSend(LINK.test(t) ? 'link' : 'text', LINK.test(t) ? { url: t } : t)) setDraft('');
  };
  const sendPlace = () => {
    if (!navigator.geolocation) return void toast.error('当前浏览器无法获取位置');
    navigator.geolocation.getCurrentPosition(
      (pos) => onSend('location', { lat: pos.coords.latitude, lng: pos.coords.longitude, address: '我的位置' }),
      () => toast.error('获取位置失败，请允许浏览器使用位置信息'),
      { timeout: 10_000 },
    );
  };
  return (
    <Drawer title="在线客服" open={open} onClose={onClose} size={360} extra={<Tag color={color}>{label}</Tag>}>
      <div className="sk-chat">
        <div className="sk-chat-list">
          {messages.length === 0 ? (
            <Empty description="暂无消息" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            messages.map((m) => (
              <div key={m.id} className={m.fromUserId === user.id ? 'sk-chat-msg mine' : 'sk-chat-msg'}>
                <Typography.Text type="secondary" className="sk-chat-meta">
                  {m.fromUserName} {m.createtime}
                </Typography.Text>
                <div className="sk-chat-bubble">
                  <ImMessageBody m={m} />
                </div>
              </div>
            ))
          )}
        </div>
        <Space.Compact style={{ width: '100%' }}>
          <Upload
            name="file"
            action={`${API_PREFIX}/upload/save`}
            headers={{ 'X-CSRF-Token': getSessionUser()?.csrfToken ?? '' }}
            withCredentials
            showUploadList={false}
            onChange={({ file }) => {
              if (file.status === 'error') return void toast.error(uploadFailure(file.response));
              if (file.status !== 'done') return;
              const env = file.response as Envelope<UploadedFile> | undefined;
              if (!env?.success || !env.data) return void toast.error(env?.message ?? '上传失败');
              onSend(KIND_OF_UPLOAD[env.data.kind] ?? 'file', { fileId: env.data.id });
            }}
          >
            <Tooltip title="附加图片、视频或文件">
              <Button icon={<PaperClipOutlined />} aria-label="附加图片、视频或文件" />
            </Tooltip>
          </Upload>
          <Tooltip title="分享我的位置">
            <Button icon={<EnvironmentOutlined />} aria-label="分享我的位置" onClick={sendPlace} />
          </Tooltip>
          <VoiceButton onRecorded={(fileId) => onSend('voice', { fileId })} />
          <Input value={draft} onChange={(e) => setDraft(e.target.value)} onPressEnter={send} placeholder="输入消息，回车发送" maxLength={500} />
          <Button type="primary" icon={<SendOutlined />} onClick={send}>
            发送
          </Button>
        </Space.Compact>
      </div>
    </Drawer>
  );
}
