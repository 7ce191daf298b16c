import type { NoticeItem } from '@sk/shared/notices/notices.contract';
import { Badge, Button, Form, Segmented, Select, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { type ListColumn, ListPage, contractFetcher } from '../../components';
import { call } from '../../lib/api';
import { noticesContract } from './api';
import { COUNT_PATHS, GROUP_OPTIONS, groupName } from './noticeGroups';
import { useOpenNotice } from './useOpenNotice';

const fetchNotices = contractFetcher<NoticeItem>(noticesContract.notifyList);

/** /noticeCenter — every notice of the user: categories, read/unread, search, paging; opening one marks it read and goes to its record. */
export default function NoticeCenter() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') === '2' ? 2 : 1;
  const qc = useQueryClient();
  const counts = () => qc.invalidateQueries({ predicate: (q) => COUNT_PATHS.includes(String(q.queryKey[1])) });
  // the list shows it read through staleAfter (./api.ts)
  const open = useOpenNotice(counts);
  const columns: ListColumn<NoticeItem>[] = [
    {
      key: 'title',
      title: '标题',
      render: (_, n) => (
        <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => open(n)}>
          {!n.read && <Badge status="error" style={{ marginRight: 6 }} />}
          <Typography.Text strong={!n.read}>{n.title}</Typography.Text>
        </Button>
      ),
    },
    { key: 'content', title: '内容', dataIndex: 'content', ellipsis: true },
    { key: 'kind', title: '分类', render: (_, n) => groupName(n.kind), width: 110 },
    { key: 'read', title: '状态', render: (_, n) => (n.read ? '已读' : '未读'), width: 90 },
    { key: 'create_time', title: '时间', dataIndex: 'create_time', width: 170 },
  ];
  return (
    <>
      <Segmented
        style={{ margin: '0 0 12px' }}
        value={category}
        onChange={(v) => setParams(Number(v) === 2 ? { category: '2' } : {}, { replace: true })}
        options={[
          { value: 1, label: '个人通知' },
          { value: 2, label: '企业公告' },
        ]}
      />
      <ListPage<NoticeItem>
        key={category}
        title="通知中心"
        columns={columns}
        fetch={fetchNotices}
        keywordPlaceholder="搜索标题或内容"
        params={{ category }}
        filters={
          <>
            {category === 1 && (
              <Form.Item name="group" label="分类">
                <Select allowClear placeholder="全部" style={{ width: 140 }} options={GROUP_OPTIONS} />
              </Form.Item>
            )}
            <Form.Item name="unread" label="状态">
              <Select
                allowClear
                placeholder="全部"
                style={{ width: 120 }}
                options={[
                  { value: 1, label: '未读' },
                  { value: 0, label: '全部' },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <Button
            onClick={async () => {
              await call(category === 2 ? noticesContract.enterpriseNoticeClearUnread : noticesContract.notifyClearUnread, {});
            }}
          >
            全部已读
          </Button>
        }
        phoneCard={['title', 'kind', 'create_time', 'read']}
      />
    </>
  );
}
