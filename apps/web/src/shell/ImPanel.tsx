import { SendOutlined } from '@ant-design/icons';
import { type ImMessage, imContract } from '@sk/shared';
import { Button, Drawer, Empty, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ImState } from '../lib/im';
import { useApi } from '../lib/query';
import { useUser } from '../lib/session';

const STATE_LABEL: Record<ImState, [string, string]> = {
  connecting: ['连接中', 'processing'],
  open: ['已连接', 'success'],
  closed: ['已断开，正在重连', 'warning'],
  error: ['连接异常', 'error'],
};

const text = (m: ImMessage): string => (typeof m.payload === 'string' ? m.payload : `[${m.eventType}]`);

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
  /** Answers false when the text could not be sent. */
  onSend: (text: string) => boolean;
}) {
  const user = useUser();
  const [draft, setDraft] = useState('');
  const history = useApi(imContract.messages, { pageIndex: 0, pageSize: 20 }, { enabled: open, call: { silent: true } });
  const seen = new Set<number>();
  const messages = [...(history.data?.list ?? []).slice().reverse(), ...live].filter((m) => !seen.has(m.id) && !!seen.add(m.id));
  const [label, color] = STATE_LABEL[state];
  const send = () => {
    const t = draft.trim();
    if (t && onSend(t)) setDraft('');
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
                <div className="sk-chat-bubble">{text(m)}</div>
              </div>
            ))
          )}
        </div>
        <Space.Compact style={{ width: '100%' }}>
          <Input value={draft} onChange={(e) => setDraft(e.target.value)} onPressEnter={send} placeholder="输入消息，回车发送" maxLength={500} />
          <Button type="primary" icon={<SendOutlined />} onClick={send}>
            发送
          </Button>
        </Space.Compact>
      </div>
    </Drawer>
  );
}
