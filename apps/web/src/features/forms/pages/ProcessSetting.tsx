import { ORDER_KIND } from '@sk/shared/forms/forms.constants';
import { Button, Card, Descriptions, Empty, Space, Tabs, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../../../lib/query';
import { formsContract, idOf } from '../api';
import { MoneyItems } from '../components/MoneyItems';
import { Designer } from '../designer/Designer';
import { AutomationItems } from '../../automation';
import { NotifySettings } from '../../automation';

const TAB_KEYS = ['process', 'customForm', 'money', 'automation', 'timed', 'notify'];

/** The process tab: the order type at a glance; the steps themselves are set on the order process page. */
function ProcessSummary({ tmpId, name }: { tmpId: number; name: string }) {
  const d = useApi(formsContract.dcDetail, { type: ORDER_KIND, tmpId });
  if (!d.data) return <Card loading={d.isPending} />;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label="工单类型">{d.data.templateName}</Descriptions.Item>
      <Descriptions.Item label="状态">{d.data.templateEnabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>}</Descriptions.Item>
      <Descriptions.Item label="当前版本">v{d.data.version}</Descriptions.Item>
      <Descriptions.Item label="自定义字段">{d.data.fields.length} 个</Descriptions.Item>
      <Descriptions.Item label="工单流程" span={2}>
        <Link to={`/templateCenter/processSetting/orderProcess/${tmpId}/${encodeURIComponent(name)}`}>查看工单流程</Link>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** /templateCenter/processSetting?id&templateName&orderType&sys_code: one order type's settings, as tabs. */
export default function ProcessSetting() {
  const [q, setQ] = useSearchParams();
  const tmpId = idOf(q.get('id')) ?? idOf(q.get('orderType'));
  const name = q.get('templateName') ?? '';
  const tab = TAB_KEYS.includes(q.get('tab') ?? '') ? (q.get('tab') as string) : 'process';
  if (!tmpId) return <Empty description="请从工单设置中选择工单类型" />;
  return (
    <Card
      title={
        <Space>
          <span>流程设置</span>
          <Tag color="blue">{name}</Tag>
        </Space>
      }
      extra={
        <Space>
          <Link to={`/templateCenter/processSetting/customForm/${tmpId}`}>
            <Button>经典字段列表</Button>
          </Link>
          <Link to="/templateCenter">
            <Button>返回工单设置</Button>
          </Link>
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          const next = new URLSearchParams(q);
          next.set('tab', k);
          setQ(next, { replace: true });
        }}
        destroyOnHidden
        items={[
          { key: 'process', label: '流程设置', children: <ProcessSummary tmpId={tmpId} name={name} /> },
          { key: 'customForm', label: '自定义字段', children: <Designer kind={ORDER_KIND} tmpId={tmpId} title={name || undefined} /> },
          { key: 'money', label: '收费项目', children: <MoneyItems tmpId={tmpId} /> },
          { key: 'automation', label: '自动化', children: <AutomationItems kind="rule" tmpId={tmpId} /> },
          { key: 'timed', label: '定时事件', children: <AutomationItems kind="timed" tmpId={tmpId} /> },
          { key: 'notify', label: '通知设置', children: <NotifySettings /> },
        ]}
      />
    </Card>
  );
}
