import type { ProviderContact } from '@sk/shared/org/org.schema';
import { Button, Card, Descriptions, Result, Space, Spin, Table, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../../lib/query';
import { teamContract } from '../api';
import { UserList } from '../components/UserList';

/** A service provider's detail (?id=) and its outsourced users. */
export default function ServiceBranchDetail() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useApi(teamContract.providerDetail, { id }, { enabled: valid });

  if (!valid || q.isError) {
    return <Result status="404" title="服务商不存在或已被删除" extra={<Button onClick={() => navigate('/outsourceManagement')}>返回外包管理</Button>} />;
  }
  const p = q.data;
  if (!p) return <Spin />;

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card title="服务商详情" size="small" extra={<Button onClick={() => navigate('/outsourceManagement')}>返回列表</Button>}>
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="服务商名称">{p.name}</Descriptions.Item>
          <Descriptions.Item label="合作类型">{p.partnerTypeName}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={p.enabled ? 'green' : 'default'}>{p.enabled ? '启用' : '停用'}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="主联系人">{p.linkman || '—'}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{p.phone || '—'}</Descriptions.Item>
          <Descriptions.Item label="人员数">{p.userCount}</Descriptions.Item>
          <Descriptions.Item label="结算系数">{p.coefficient.toFixed(2)}</Descriptions.Item>
          <Descriptions.Item label="产品线" span={2}>
            {p.productLines.length ? p.productLines.map((c) => <Tag key={c}>{c}</Tag>) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="服务区域" span={3}>
            {p.regions.length ? p.regions.map((a) => <Tag key={a.code}>{a.name}</Tag>) : '—'}
            {p.serviceArea ? <span className="sk-muted">{p.serviceArea}</span> : null}
          </Descriptions.Item>
          <Descriptions.Item label="开户银行">{p.bankName || '—'}</Descriptions.Item>
          <Descriptions.Item label="开户名">{p.bankAccountName || '—'}</Descriptions.Item>
          <Descriptions.Item label="银行账号">{p.bankAccount || '—'}</Descriptions.Item>
          <Descriptions.Item label="地址">{p.address || '—'}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{p.create_time}</Descriptions.Item>
          <Descriptions.Item label="备注" span={3}>
            {p.remark || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="联系人" size="small">
        <Table<ProviderContact>
          size="small"
          rowKey={(c) => `${c.name}-${c.phone}`}
          pagination={false}
          dataSource={p.contacts}
          locale={{ emptyText: '暂无联系人' }}
          columns={[
            {
              key: 'name',
              dataIndex: 'name',
              title: '姓名',
              render: (v: string, c) =>
                c.isPrimary ? (
                  <Space size={4}>
                    {v}
                    <Tag color="blue">主联系人</Tag>
                  </Space>
                ) : (
                  v
                ),
            },
            { key: 'phone', dataIndex: 'phone', title: '电话' },
            { key: 'position', dataIndex: 'position', title: '职务', render: (v: string | null) => v || '—' },
          ]}
        />
      </Card>
      <Card title="服务商人员" size="small">
        <UserList title={`${p.name}人员`} fixed={{ userType: 1, providerId: p.id }} defaults={{ userType: 1, providerId: p.id }} />
      </Card>
    </Space>
  );
}
