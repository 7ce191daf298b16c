import { PlusOutlined, PushpinFilled } from '@ant-design/icons';
import type { AnnouncementRow } from '@sk/shared/notices/notices.contract';
import { App, Badge, Button, Checkbox, Descriptions, Drawer, Empty, Form, Input, Segmented, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FileLink, type ListColumn, ListPage, RecordFormDialog, contractFetcher } from '../../components';
import { AttachmentsField } from '../../components/forms/fields/AttachmentsField';
import { call } from '../../lib/api';
import { invalidate, useApi } from '../../lib/query';
import { useUser } from '../../lib/session';
import { rulesOf } from '../../lib/zodRules';
import { announcementsContract as A } from './api';
import { COUNT_PATHS } from './noticeGroups';
import { DeptSelect } from '../org';
import { RichTextEditor } from './RichTextEditor';

const fetchAnnouncements = contractFetcher<AnnouncementRow>(A.list);

interface PublishValues {
  title: string;
  content: string;
  deptIds?: number[];
  attachments?: number[];
  pinned?: boolean;
}

/** The publisher's view: who has read and who not. */
function Readers({ id }: { id: number }) {
  const [read, setRead] = useState(0);
  const [page, setPage] = useState(0);
  const q = useApi(A.readers, { id, read, pageIndex: page, pageSize: 10 }, { call: { silent: true } });
  return (
    <>
      <Segmented
        value={read}
        onChange={(v) => {
          setRead(Number(v));
          setPage(0);
        }}
        options={[
          { value: 0, label: '未读' },
          { value: 1, label: '已读' },
        ]}
        style={{ marginBottom: 8 }}
      />
      <Table
        size="small"
        rowKey="user_id"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page + 1, pageSize: 10, total: q.data?.count ?? 0, onChange: (p) => setPage(p - 1), size: 'small' }}
        columns={[
          { key: 'name', title: '姓名', dataIndex: 'name' },
          { key: 'dept', title: '部门', dataIndex: 'dept_name' },
          { key: 'time', title: '阅读时间', dataIndex: 'read_time' },
        ]}
      />
    </>
  );
}

/** One announcement as its reader sees it (opening it marks it read); administrators also pin, withdraw and see the readers. */
export function AnnouncementView({ id }: { id: number }) {
  const user = useUser();
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const d = useApi(A.detail, { id }, { call: { silent: true } });
  // opening it read the reader's copy (a read, not a write): the bell counts one less, the list shows it read
  useEffect(() => {
    if (!d.data) return;
    qc.invalidateQueries({ predicate: (q) => COUNT_PATHS.includes(String(q.queryKey[1])) });
    void invalidate(A.list);
  }, [d.data, qc]);
  const a = d.data;
  // the detail and the lists refresh through staleAfter (./api.ts)
  const act = async (run: () => Promise<unknown>, done: string) => {
    await run();
    message.success(done);
  };
  return (
    <div className="sk-announcement">
      {d.isLoading ? (
        <Spin />
      ) : !a ? (
        <Empty description={d.error?.message ?? '数据不存在或已被删除'} />
      ) : (
        <>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {a.pinned && <PushpinFilled style={{ color: '#fa8c16', marginRight: 6 }} />}
            {a.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {a.publisher} · {a.create_time} · {a.dept_names.length ? a.dept_names.join('、') : '全体成员'}
            {a.state === 2 && <Tag style={{ marginLeft: 8 }}>已撤回</Tag>}
          </Typography.Paragraph>
          {/* The server stores sanitised HTML only (modules/notices/sanitize.ts). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server */}
          <div className="sk-announcement-body" dangerouslySetInnerHTML={{ __html: a.content }} />
          {a.attachments.length > 0 && (
            <Space direction="vertical" style={{ marginTop: 12 }}>
              {a.attachments.map((f) => (
                <FileLink key={f.id} url={f.url} name={f.name} />
              ))}
            </Space>
          )}
          {user.admin && (
            <>
              <Descriptions
                size="small"
                style={{ marginTop: 16 }}
                column={2}
                items={[
                  { key: 'r', label: '发送人数', children: a.recipients },
                  { key: 'n', label: '已读人数', children: a.readers },
                ]}
              />
              <Space style={{ marginBottom: 12 }}>
                {a.state === 1 && (
                  <Button onClick={() => act(() => call(A.pin, { id, pinned: !a.pinned }), a.pinned ? '已取消置顶' : '置顶成功')}>
                    {a.pinned ? '取消置顶' : '置顶'}
                  </Button>
                )}
                {a.state === 1 && (
                  <Button
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: '确认撤回该公告吗？',
                        content: '撤回后成员将看不到该公告。',
                        onOk: () => act(() => call(A.withdraw, { id }), '撤回成功'),
                      })
                    }
                  >
                    撤回
                  </Button>
                )}
              </Space>
              <Readers id={id} />
            </>
          )}
        </>
      )}
    </div>
  );
}

function Detail({ id, onClose }: { id: number; onClose: () => void }) {
  return (
    <Drawer open title="公告详情" onClose={onClose} size={Math.min(720, window.innerWidth)} destroyOnHidden>
      <AnnouncementView id={id} />
    </Drawer>
  );
}

/** /notice — 公告通知: members read the announcements they received; administrators publish, pin, withdraw and see who read. */
export default function Announcements() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const [manage, setManage] = useState(0);
  const [publishing, setPublishing] = useState(false);
  const openId = Number(params.get('id')) || null;
  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', String(id));
    else next.delete('id');
    setParams(next, { replace: true });
  };
  const columns: ListColumn<AnnouncementRow>[] = [
    {
      key: 'title',
      title: '标题',
      render: (_, r) => (
        <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => open(r.id)}>
          {r.pinned && <PushpinFilled style={{ color: '#fa8c16' }} />}
          {!manage && !r.read && <Badge status="error" />}
          <Typography.Text strong={!manage && !r.read}>{r.title}</Typography.Text>
        </Button>
      ),
    },
    { key: 'read', title: manage ? '已读/发送' : '状态', render: (_, r) => (manage ? `${r.readers}/${r.recipients}` : r.read ? '已读' : '未读'), width: 110 },
    { key: 'scope', title: '发布范围', render: (_, r) => (r.dept_names.length ? r.dept_names.join('、') : '全体成员') },
    { key: 'publisher', title: '发布人', dataIndex: 'publisher', width: 120 },
    { key: 'create_time', title: '发布时间', dataIndex: 'create_time', width: 170 },
    ...(manage ? [{ key: 'state', title: '公告状态', render: (_: unknown, r: AnnouncementRow) => (r.state === 2 ? '已撤回' : '已发布'), width: 110 }] : []),
  ];
  return (
    <>
      {user.admin && (
        <Segmented
          style={{ margin: '0 0 12px' }}
          value={manage}
          onChange={(v) => setManage(Number(v))}
          options={[
            { value: 0, label: '我收到的' },
            { value: 1, label: '公告管理' },
          ]}
        />
      )}
      <ListPage<AnnouncementRow>
        key={manage}
        title="公告通知"
        columns={columns}
        fetch={fetchAnnouncements}
        params={{ manage }}
        keywordPlaceholder="搜索公告标题或内容"
        filters={
          manage ? undefined : (
            <Form.Item name="unread" label="只看未读" valuePropName="checked" getValueFromEvent={(e) => (e.target.checked ? 1 : undefined)}>
              <Checkbox />
            </Form.Item>
          )
        }
        toolbar={
          user.admin ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPublishing(true)}>
              发布公告
            </Button>
          ) : null
        }
        phoneCard={['title', 'read', 'create_time', 'publisher']}
      />
      {openId && <Detail id={openId} onClose={() => open(null)} />}
      <RecordFormDialog<PublishValues>
        open={publishing}
        title="发布公告"
        okText="发布"
        width={Math.min(760, window.innerWidth - 16)}
        destroyOnHidden
        onClose={() => setPublishing(false)}
        onSubmit={async (v) => {
          await call(A.publish, { ...v, deptIds: v.deptIds ?? [], attachments: v.attachments ?? [], pinned: !!v.pinned });
          setPublishing(false);
        }}
      >
        <Form.Item name="title" label="标题" rules={rulesOf(A.publish.body.shape.title)}>
          <Input placeholder="请输入标题" maxLength={100} />
        </Form.Item>
        <Form.Item name="content" label="内容" rules={rulesOf(A.publish.body.shape.content)}>
          <RichTextEditor />
        </Form.Item>
        <Form.Item name="deptIds" label="发布范围" extra="不选择部门时发布给全体成员；选择部门时包括其下级部门">
          <DeptSelect multiple treeCheckable placeholder="全体成员" />
        </Form.Item>
        <Form.Item name="attachments" label="附件">
          <AttachmentsField />
        </Form.Item>
        <Form.Item name="pinned" label="置顶" valuePropName="checked">
          <Checkbox>置顶显示</Checkbox>
        </Form.Item>
      </RecordFormDialog>
    </>
  );
}
