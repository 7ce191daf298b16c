// /slaManage — the SLA policies in matching order (the first enabled one that matches an order applies),
// and the business hours and holidays that business-time clocks count in.
import { CalendarOutlined, PlusOutlined } from '@ant-design/icons';
import { SLA_PAUSE_OPTIONS, slaTypeName, unitMs } from '@sk/shared/sla/sla.constants';
import { type SlaPolicy, slaContract as C } from '@sk/shared/sla/sla.contract';
import { Alert, App, Button, Card, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListPage, type ListQuery } from '../../../components';
import { call } from '../../../lib/api';
import { useApiMutation } from '../../../lib/query';
import { useSetting } from '../../settings';
import { durationText } from '../format';
import { CalendarDialog } from './CalendarDialog';

const MATCH_LABELS: [keyof SlaPolicy, string][] = [
  ['templateIds', '工单类型'],
  ['priorities', '优先级'],
  ['customerTagIds', '客户标签'],
  ['customerLevels', '客户等级'],
  ['serviceGroupIds', '服务团队'],
];

function matchText(p: SlaPolicy): string {
  const used = MATCH_LABELS.filter(([k]) => (p[k] as unknown[]).length > 0).map(([k, label]) => `${label}${(p[k] as unknown[]).length}项`);
  return used.length ? used.join('、') : '全部工单';
}

export const editPath = (p: { id: number; name: string } | null) =>
  p ? `/slaManage/SLA/${p.id}/${encodeURIComponent(p.name)}` : `/slaManage/SLA/0/${encodeURIComponent('新建SLA')}`;

export default function SlaManage() {
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const [calendarOpen, setCalendarOpen] = useState(false);
  // 启用SLA时效管理 off: the policies are kept but nothing runs (docs/settings.md).
  const slaSetting = useSetting('sla_enabled');

  const fetch = useCallback(async (q: ListQuery) => {
    const all = await call(C.list);
    const k = q.keyword?.trim();
    const found = k ? all.filter((p) => p.name.includes(k)) : all;
    const start = q.pageIndex * q.pageSize;
    return { list: found.slice(start, start + q.pageSize), count: found.length };
  }, []);

  const del = useApiMutation(C.remove, { invalidates: [C.list, C.detail], call: { successToast: false } });
  const remove = (p: SlaPolicy) =>
    modal.confirm({
      title: '删除SLA',
      content: `确认删除“${p.name}”吗？已开始的计时保留，不再升级通知。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        del.mutateAsync({ id: p.id }).then(
          () => message.success('删除成功'),
          () => {},
        ),
    });

  const columns: ListColumn<SlaPolicy>[] = [
    { key: 'sort', dataIndex: 'sort', title: '顺序', width: 80 },
    {
      key: 'name',
      dataIndex: 'name',
      title: 'SLA名称',
      render: (v: string, p: SlaPolicy) => (
        <Typography.Link onClick={() => navigate(editPath(p))}>
          {v} {p.enabled ? null : <Tag>已停用</Tag>}
        </Typography.Link>
      ),
    },
    { key: 'match', title: '适用范围', render: (_: unknown, p: SlaPolicy) => matchText(p) },
    {
      key: 'clocks',
      title: '时限',
      render: (_: unknown, p: SlaPolicy) => (
        <Space wrap size={4}>
          {p.clocks.map((c) => (
            <Tag key={c.type}>
              {slaTypeName(c.type)} {durationText(c.target * unitMs(c.unit))}
            </Tag>
          ))}
        </Space>
      ),
    },
    { key: 'business', title: '计时', render: (_: unknown, p: SlaPolicy) => (p.business ? '工作时间' : '自然时间') },
    {
      key: 'pause',
      title: '暂停于',
      render: (_: unknown, p: SlaPolicy) => p.pauseStates.map((s) => SLA_PAUSE_OPTIONS.find((o) => o.id === s)?.name).join('、') || '—',
    },
    { key: 'update_time', dataIndex: 'update_time', title: '更新时间' },
    {
      key: 'actions',
      title: '操作',
      width: 140,
      render: (_: unknown, p: SlaPolicy) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(editPath(p))}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(p)} aria-label={`删除${p.name}`}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title="SLA管理" size="small">
      {slaSetting === '0' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="sla-disabled"
          title="SLA时效管理未开启，以下策略不会计时"
          description={
            <span>
              请在<Link to="/systemSetting">系统设置</Link>中开启「启用SLA时效管理」。
            </span>
          }
        />
      ) : null}
      <ListPage<SlaPolicy>
        title="SLA"
        columns={columns}
        fetch={fetch}
        // the rows are C.list's, filtered and paged here: a save's or a delete's invalidation of C.list refreshes them
        read={C.list}
        sort={false}
        keywordPlaceholder="请输入SLA名称"
        toolbar={
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(editPath(null))}>
              新建SLA
            </Button>
            <Button icon={<CalendarOutlined />} onClick={() => setCalendarOpen(true)}>
              工作时间与节假日
            </Button>
          </Space>
        }
      />
      {calendarOpen ? <CalendarDialog onClose={() => setCalendarOpen(false)} /> : null}
    </Card>
  );
}
