import { DIGEST_TIMES, SUBSCRIBE_TYPES, type SubscribeType, subscriptionsContract } from '@sk/shared';
import { List, Modal, Spin, Switch, Tabs, Typography } from 'antd';
import { useApi, useApiMutation } from '../lib/query';

function TypePanel({ type }: { type: SubscribeType }) {
  const status = useApi(subscriptionsContract.getSubscribeStatus, { type });
  const items = useApi(subscriptionsContract.getSubscribeContentStatus, { type });
  const setStatus = useApiMutation(subscriptionsContract.updateSubscribeStatus, {
    invalidates: [subscriptionsContract.getSubscribeStatus],
    call: { noCancel: true },
  });
  const setItem = useApiMutation(subscriptionsContract.updateSubscribeContentStatus, {
    invalidates: [subscriptionsContract.getSubscribeContentStatus],
    call: { noCancel: true },
  });
  if (status.isLoading || items.isLoading) return <Spin />;
  const on = status.data?.state === 1;
  return (
    <>
      <div className="sk-subscribe-head">
        <span>
          每日 {status.data?.time ?? DIGEST_TIMES[type]} 推送{SUBSCRIBE_TYPES[type]}
        </span>
        <Switch
          checked={on}
          loading={setStatus.isPending}
          aria-label={`订阅${SUBSCRIBE_TYPES[type]}`}
          onChange={(v) => setStatus.mutate({ type, state: v ? 1 : 0 })}
        />
      </div>
      <List
        size="small"
        dataSource={items.data ?? []}
        renderItem={(i) => (
          <List.Item
            actions={[
              <Switch
                key="s"
                size="small"
                disabled={!on}
                checked={i.value === 1}
                aria-label={i.descri}
                onChange={(v) => setItem.mutate({ code: i.code, value: v ? 1 : 0 })}
              />,
            ]}
          >
            <Typography.Text>{i.descri}</Typography.Text>
          </List.Item>
        )}
      />
    </>
  );
}

/** Subscriptions: two tabs, to-do items and statistics items. */
export function SubscribeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title="消息订阅" open={open} onCancel={onClose} footer={null} width={480} destroyOnHidden>
      <Tabs
        items={(Object.keys(SUBSCRIBE_TYPES) as unknown as SubscribeType[]).map((t) => ({
          key: String(t),
          label: SUBSCRIBE_TYPES[t],
          children: <TypePanel type={Number(t) as SubscribeType} />,
        }))}
      />
    </Modal>
  );
}
