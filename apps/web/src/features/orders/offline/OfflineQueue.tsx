// 待同步: what the engineer did offline and has not reached the server yet (lib/offline/queue), with 立即同步, and for an
// item the server refused (the order was reassigned or cancelled meanwhile) its reason and 放弃.
import { CloudSyncOutlined, DisconnectOutlined } from '@ant-design/icons';
import { Alert, Button, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/toast';
import { offlineDataAt, offlineDataText, subscribeNetwork } from '../../../lib/offline/network';
import { dropOp, type QueuedCompletion, useQueue } from '../../../lib/offline/queue';
import { syncQueue } from '../../../lib/offline/sync';
import { useUser } from '../../../lib/session';
import { useOnline } from './online';

/**
 * Offline, the mark of the data shown (离线数据，更新于 …), and the user's queued items (of one order when `orderId` is
 * given); nothing when the queue is empty and the network is up.
 */
export function OfflineQueue({ orderId }: { orderId?: number }) {
  const user = useUser();
  const online = useOnline();
  const all = useQueue(user.id);
  const ops = orderId === undefined ? all : all.filter((o) => o.orderId === orderId);
  const [busy, setBusy] = useState(false);
  const notice = online ? null : <OfflineNotice />;
  if (!ops.length) return notice;

  const syncNow = async () => {
    setBusy(true);
    try {
      const r = await syncQueue(user.id);
      if (r.waiting) toast.warning('网络不可用，恢复后将自动同步');
      else if (r.sent) toast.success(`已同步${r.sent}条`);
    } finally {
      setBusy(false);
    }
  };
  const pending = ops.some((o) => o.status === 'pending');
  return (
    <>
      {notice}
      <Alert
        type={ops.some((o) => o.status === 'failed') ? 'error' : 'warning'}
        showIcon
        icon={online ? <CloudSyncOutlined /> : <DisconnectOutlined />}
        style={{ marginBottom: 12 }}
        data-testid="offline-queue"
        title={online ? `离线操作待同步（${ops.length}）` : `当前离线 · 待同步（${ops.length}）`}
        description={
          <>
            <List size="small" dataSource={ops} rowKey="id" renderItem={(op) => <QueueItem op={op} linked={orderId === undefined} />} />
            {pending ? (
              <Space wrap style={{ marginTop: 4 }}>
                <Button size="small" type="primary" loading={busy} disabled={!online} onClick={syncNow}>
                  立即同步
                </Button>
                {online ? null : <Typography.Text type="secondary">网络恢复后自动同步</Typography.Text>}
              </Space>
            ) : null}
          </>
        }
      />
    </>
  );
}

function QueueItem({ op, linked }: { op: QueuedCompletion; linked: boolean }) {
  const what = op.action === 'applyEndService' ? '申请结束服务' : '完成服务';
  const title = `${op.title}（${op.orderNo}）`;
  return (
    <List.Item
      data-testid="offline-item"
      actions={
        op.status === 'failed'
          ? [
              <Popconfirm key="drop" title="放弃后这次离线操作将不再提交，确认放弃吗？" okText="放弃" cancelText="取消" onConfirm={() => dropOp(op.id)}>
                <Button size="small" danger>
                  放弃
                </Button>
              </Popconfirm>,
            ]
          : []
      }
    >
      <Space orientation="vertical" size={0}>
        <Space wrap size={4}>
          {op.status === 'failed' ? <Tag color="red">同步失败</Tag> : <Tag color="orange">待同步</Tag>}
          <Typography.Text>{what}</Typography.Text>
          {linked ? <Link to={`/allOrder/orderDetail/${op.orderId}`}>{title}</Link> : <Typography.Text>{title}</Typography.Text>}
        </Space>
        {op.error ? <Typography.Text type="danger">{op.error}</Typography.Text> : null}
      </Space>
    </List.Item>
  );
}

/** Offline: what is shown is the copy kept when last online, and how old it is (its oldest answer's age). */
function OfflineNotice() {
  const at = useSyncExternalStore(subscribeNetwork, offlineDataAt, () => null);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return (
    <Alert
      type="info"
      showIcon
      icon={<DisconnectOutlined />}
      style={{ marginBottom: 12 }}
      data-testid="offline-data"
      title={at === null ? '当前离线，显示的是最近一次加载的内容' : offlineDataText(at, Math.max(now, at))}
    />
  );
}
