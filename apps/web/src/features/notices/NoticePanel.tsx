import { noticesContract } from '@sk/shared/notices/notices.contract';
import { Badge, Button, Drawer, Empty, List, Segmented, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { invalidate, useApi, useApiMutation } from '../../lib/query';
import { groupName } from './noticeGroups';
import { useOpenNotice } from './useOpenNotice';

const PERSONAL = 1;
const ENTERPRISE = 2;

/** The bell's drawer: the newest notices of a category; opening it marks nothing, clicking one opens it. */
export default function NoticePanel({
  open,
  onClose,
  compact,
  counts,
  onChanged,
}: {
  open: boolean;
  onClose: () => void;
  compact?: boolean;
  counts: { personal: number; enterprise: number };
  onChanged: () => void;
}) {
  const navigate = useNavigate();
  const [category, setCategory] = useState(PERSONAL);
  const list = useApi(noticesContract.notifyList, { pageIndex: 0, pageSize: 10, category }, { enabled: open, call: { silent: true } });
  const refresh = () => {
    onChanged();
    invalidate(noticesContract.notifyList);
  };
  const clear = useApiMutation(category === PERSONAL ? noticesContract.notifyClearUnread : noticesContract.enterpriseNoticeClearUnread, {
    onSuccess: refresh,
  });
  const openOne = useOpenNotice(() => {
    onClose();
    onChanged();
  });
  const personal = { data: counts.personal };
  const enterprise = { data: counts.enterprise };
  return (
    <Drawer
      title="通知"
      open={open}
      onClose={onClose}
      size={compact ? '100%' : 380}
      extra={
        <Button size="small" type="link" disabled={category === PERSONAL ? !personal.data : !enterprise.data} onClick={() => clear.mutate({})}>
          全部已读
        </Button>
      }
      footer={
        <Button
          block
          type="link"
          onClick={() => {
            onClose();
            navigate(category === PERSONAL ? '/noticeCenter' : '/noticeCenter?category=2');
          }}
        >
          查看全部
        </Button>
      }
    >
      <Segmented
        block
        value={category}
        onChange={(v) => setCategory(Number(v))}
        options={[
          {
            value: PERSONAL,
            label: (
              <Badge count={personal.data ?? 0} size="small" offset={[8, 0]}>
                个人通知
              </Badge>
            ),
          },
          {
            value: ENTERPRISE,
            label: (
              <Badge count={enterprise.data ?? 0} size="small" offset={[8, 0]}>
                企业公告
              </Badge>
            ),
          },
        ]}
        style={{ marginBottom: 12 }}
      />
      {list.isLoading ? (
        <Spin />
      ) : (list.data?.list.length ?? 0) === 0 ? (
        <Empty description="暂无通知" />
      ) : (
        <List
          className="sk-notice-list"
          dataSource={list.data?.list ?? []}
          renderItem={(n) => (
            <List.Item key={n.id} className={n.read ? 'is-read' : 'is-unread'} onClick={() => openOne(n)} style={{ cursor: 'pointer' }}>
              <List.Item.Meta
                title={
                  <span>
                    {!n.read && <Badge status="error" style={{ marginRight: 6 }} />}
                    <Typography.Text strong={!n.read}>{n.title}</Typography.Text>
                  </span>
                }
                description={
                  <>
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 2 }}>
                      {n.content}
                    </Typography.Paragraph>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {groupName(n.kind)} · {n.create_time}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
