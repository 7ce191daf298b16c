// 留言: the order's conversation thread; anyone who may open the order writes text, pictures and files, and deletes their own.
import { DeleteOutlined } from '@ant-design/icons';
import type { FieldDef } from '@sk/shared/forms/index';
import { MESSAGE_FILES_MAX, MESSAGE_MAX, type OrderMessage } from '@sk/shared/orders/order.detail.contract';
import { Avatar, Button, Empty, Input, List, Popconfirm, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { FileLink } from '../../../../components';
import { UploadField } from '../../../../components/forms/fields/UploadField';
import { UploadsGate, useUploadsGate } from '../../../../components/forms/fields/uploads';
import { call } from '../../../../lib/api';
import { useApi } from '../../../../lib/query';
import { orderDetailContract as K } from '../api';

/** Pictures and files of any accepted kind, as the form engine's attachment control uploads them. */
const FILES_DEF = { id: 0, type: 15, name: '附件', fileKinds: [], maxCount: MESSAGE_FILES_MAX } as unknown as FieldDef;

function Message({ m, orderId }: { m: OrderMessage; orderId: number }) {
  return (
    <List.Item
      data-testid="order-message"
      actions={
        m.canDelete
          ? [
              <Popconfirm
                key="del"
                title="确认删除这条留言吗？"
                okText="删除"
                cancelText="取消"
                onConfirm={() => call(K.delMessage, { orderId, id: m.id }, { successToast: true }).catch(() => {})}
              >
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除留言" />
              </Popconfirm>,
            ]
          : []
      }
    >
      <List.Item.Meta
        avatar={<Avatar>{(m.user?.name ?? '?').slice(-1)}</Avatar>}
        title={
          <Space size={8} wrap>
            <span>{m.user?.name ?? '已删除用户'}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {m.createTime}
            </Typography.Text>
          </Space>
        }
        description={
          <Space orientation="vertical" size={4}>
            {m.content ? <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{m.content}</Typography.Text> : null}
            {m.files.length ? (
              <Space wrap>
                {m.files.map((f) => (
                  <FileLink key={f.id} url={f.url} name={f.name} thumb={64} />
                ))}
              </Space>
            ) : null}
          </Space>
        }
      />
    </List.Item>
  );
}

export function MessagesTab({ orderId }: { orderId: number }) {
  const list = useApi(K.messageList, { orderId, pageIndex: 0, pageSize: 100 }, { staleTime: 0 });
  const [text, setText] = useState('');
  const [files, setFiles] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  // 发送 waits for the files under way: sent before, the message went without them.
  const uploads = useUploadsGate();
  const send = async () => {
    if (uploads.uploading()) return;
    setBusy(true);
    try {
      await call(K.addMessage, { orderId, content: text.trim() || undefined, fileIds: files }, { successToast: true });
      setText('');
      setFiles([]);
    } catch {
      // The client showed the message; keep what was typed.
    } finally {
      setBusy(false);
    }
  };
  // Newest at the bottom, as a conversation reads.
  const messages = [...(list.data?.list ?? [])].reverse();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle" className="sk-order-messages">
      {list.isPending ? (
        <Spin />
      ) : messages.length ? (
        <List dataSource={messages} renderItem={(m) => <Message m={m} orderId={orderId} />} />
      ) : (
        <Empty description="暂无留言" />
      )}
      <div className="sk-order-composer">
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="输入留言内容"
          maxLength={MESSAGE_MAX}
          rows={3}
          aria-label="留言内容"
        />
        <UploadsGate gate={uploads}>
          <UploadField def={FILES_DEF} value={files} onChange={(v) => setFiles(v ?? [])} />
        </UploadsGate>
        <Button type="primary" onClick={send} loading={busy} disabled={!text.trim() && files.length === 0}>
          发送
        </Button>
      </div>
    </Space>
  );
}
