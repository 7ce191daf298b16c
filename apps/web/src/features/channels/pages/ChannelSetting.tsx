import { channelsContract as C, type ChannelSetting as Setting } from '@sk/shared/channels/channels.contract';
import { Alert, Button, Card, Col, Form, Input, Row, Space, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/api';
import { apiKey, queryClient, useApi } from '../../../lib/query';
import { useUser } from '../../../lib/session';

interface Values {
  enabled: boolean;
  corpId: string;
  agentId: string;
  appKey: string;
  secret: string;
  msgEnabled: boolean;
}

const HELP: Record<number, string> = {
  1: '在钉钉开放平台创建企业内部应用，填写企业的 CorpId、应用的 AgentId、AppKey 和 AppSecret；应用首页地址填写本系统地址并带上 ?corpId=企业CorpId。',
  2: '在企业微信管理后台创建自建应用，填写企业ID（CorpId）、应用的 AgentId 和 Secret；应用主页填写本系统地址并带上 ?corpId=企业ID。',
};
const STATUS_COLORS: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'orange', 3: 'red', 4: 'processing' };

/** One application's form: the secret is never shown, only 已设置; typing a new one replaces it. */
function ChannelCard({ s, editable }: { s: Setting; editable: boolean }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [replacing, setReplacing] = useState(false);
  useEffect(() => {
    form.setFieldsValue({ enabled: s.enabled, corpId: s.corpId, agentId: s.agentId, appKey: s.appKey, secret: '', msgEnabled: s.msgEnabled });
    setReplacing(false);
  }, [s, form]);
  const dingtalk = s.channel === 1;
  const save = async (v: Values) => {
    setBusy(true);
    try {
      await call(C.saveSettings, { channel: dingtalk ? 'dingtalk' : 'wecom', ...v, secret: v.secret || undefined }, { successToast: true });
      await Promise.all([C.settings, C.appList].map((e) => queryClient.invalidateQueries({ queryKey: apiKey(e) })));
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const secretLabel = dingtalk ? 'AppSecret' : 'Secret';
  return (
    <Card
      size="small"
      title={s.channelName}
      data-channel={s.channel}
      extra={<Tag color={s.enabled ? 'green' : 'default'}>{s.enabled ? '已启用' : '未启用'}</Tag>}
    >
      <Typography.Paragraph type="secondary">{HELP[s.channel]}</Typography.Paragraph>
      <Form form={form} layout="vertical" name={`channel${s.channel}`} disabled={!editable} onFinish={save}>
        <Form.Item name="corpId" label={dingtalk ? 'CorpId' : '企业ID（CorpId）'}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item name="agentId" label="应用AgentId">
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        {dingtalk && (
          <Form.Item name="appKey" label="AppKey">
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        )}
        {s.secretSet && !replacing ? (
          <Form.Item label={secretLabel}>
            <Space>
              <Tag color="green">已设置</Tag>
              <Button size="small" onClick={() => setReplacing(true)}>
                更换
              </Button>
            </Space>
          </Form.Item>
        ) : (
          <Form.Item name="secret" label={secretLabel} extra={s.secretSet ? '留空则保留原来的密钥' : '保存后只显示“已设置”，不会再显示密钥'}>
            <Input.Password maxLength={128} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="enabled" label="启用（在客户端内免密登录、签名）" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="msgEnabled" label="工作通知（站内通知同时发到客户端）" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存
        </Button>
      </Form>
    </Card>
  );
}

interface BoundUser {
  userId: number;
  name: string;
  mobile: string;
  channel: number;
  platformUserId: string;
  msgOn: boolean;
}

/** Who has a chat-client account (learnt at his first login inside the client), with his work-message switch. */
function BoundUsers({ editable }: { editable: boolean }) {
  const [page, setPage] = useState(0);
  const q = useApi(C.msgUserList, { pageIndex: page, pageSize: 10 });
  const toggle = async (r: BoundUser, on: boolean) => {
    try {
      await call(C.msgSwitch, { channel: r.channel === 1 ? 'dingtalk' : 'wecom', on, userId: r.userId });
      await queryClient.invalidateQueries({ queryKey: apiKey(C.msgUserList) });
    } catch {
      // The request client has shown why.
    }
  };
  return (
    <Card size="small" title="已绑定客户端账号的人员">
      <Table<BoundUser>
        rowKey={(r) => `${r.userId}-${r.channel}`}
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 600 }}
        locale={{ emptyText: '人员在企业微信或钉钉中首次打开服务管家后显示在这里' }}
        pagination={{ current: page + 1, pageSize: 10, total: q.data?.count ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        columns={[
          { key: 'name', title: '姓名', dataIndex: 'name', width: 120 },
          { key: 'mobile', title: '手机号', dataIndex: 'mobile', width: 130 },
          { key: 'channel', title: '渠道', dataIndex: 'channel', width: 100, render: (v: number) => (v === 1 ? '钉钉' : '企业微信') },
          { key: 'platformUserId', title: '客户端账号', dataIndex: 'platformUserId', ellipsis: true },
          {
            key: 'msgOn',
            title: '工作通知',
            width: 100,
            render: (_: unknown, r: BoundUser) => (
              <Switch size="small" checked={r.msgOn} disabled={!editable} aria-label={`${r.name}的工作通知`} onChange={(on) => toggle(r, on)} />
            ),
          },
        ]}
      />
    </Card>
  );
}

function MessageLog() {
  const [page, setPage] = useState(0);
  const list = useApi(C.msgList, { pageIndex: page, pageSize: 10 });
  const count = useApi(C.msgCount, {});
  return (
    <Card size="small" title="工作通知发送记录">
      <Table
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        scroll={{ x: 720 }}
        pagination={{ current: page + 1, pageSize: 10, total: count.data ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        columns={[
          { key: 'createdAt', title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => v.slice(0, 19).replace('T', ' ') },
          { key: 'userName', title: '接收人', dataIndex: 'userName', width: 100 },
          { key: 'channel', title: '渠道', dataIndex: 'channel', width: 90, render: (v: number) => (v === 1 ? '钉钉' : '企业微信') },
          { key: 'title', title: '通知', dataIndex: 'title', ellipsis: true },
          {
            key: 'status',
            title: '状态',
            width: 90,
            render: (_: unknown, r: { status: number; statusName: string }) => <Tag color={STATUS_COLORS[r.status]}>{r.statusName}</Tag>,
          },
          { key: 'attempts', title: '次数', dataIndex: 'attempts', width: 60 },
          { key: 'lastError', title: '最近结果', dataIndex: 'lastError', ellipsis: true },
        ]}
      />
    </Card>
  );
}

/** 企业微信与钉钉: the enterprise's two applications and the work-message log. */
export default function ChannelSetting() {
  const user = useUser();
  const q = useApi(C.settings);
  return (
    <Card title="企业微信与钉钉">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {!user.admin && <Alert type="info" showIcon title="仅管理员可修改以下设置" />}
        <Row gutter={[16, 16]}>
          {(q.data ?? []).map((s) => (
            <Col key={s.channel} xs={24} lg={12}>
              <ChannelCard s={s} editable={user.admin} />
            </Col>
          ))}
        </Row>
        <BoundUsers editable={user.admin} />
        <MessageLog />
      </Space>
    </Card>
  );
}
