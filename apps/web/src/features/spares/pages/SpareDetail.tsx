import type { SpareUnit, StockRow } from '@sk/shared/spares/spares.contract';
import { Card, Descriptions, Space, Table, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { EmptyState, ListPage, type ListColumn } from '../../../components';
import type { StockLog } from '@sk/shared/spares/spares.contract';
import { useApi } from '../../../lib/query';
import { fetchLogs, S } from '../api';
import { label, WAREHOUSE_KINDS } from '../options';

/** /spareList/detail/{id} (power 05001): a spare, its stock in every warehouse and its ledger. */
export default function SpareDetail() {
  const id = Number(useParams().id);
  const d = useApi(S.spareDetail, { id }, { enabled: id > 0 });
  if (!id || d.isError) return <EmptyState description="备件不存在或已被删除" />;
  const s = d.data;
  if (!s) return <Card loading size="small" />;
  const stockCols = [
    { key: 'warehouseName', dataIndex: 'warehouseName', title: '仓库' },
    { key: 'warehouseKind', dataIndex: 'warehouseKind', title: '类型', render: (v: number) => label(WAREHOUSE_KINDS, v) },
    { key: 'quantity', dataIndex: 'quantity', title: '库存' },
    { key: 'reserved', dataIndex: 'reserved', title: '已预留' },
    { key: 'available', dataIndex: 'available', title: '可用' },
    { key: 'safety', dataIndex: 'safety', title: '安全库存' },
  ];
  const unitCols = [
    { key: 'serial', dataIndex: 'serial', title: '序列号' },
    {
      key: 'placeName',
      dataIndex: 'placeName',
      title: '状态',
      render: (v: string, u: SpareUnit) => <Tag color={u.place === 1 ? 'green' : u.place === 2 ? 'blue' : 'default'}>{v}</Tag>,
    },
    {
      key: 'where',
      title: '位置',
      render: (_: unknown, u: SpareUnit) => u.warehouseName ?? (u.orderId ? <Link to={`/allOrder/orderDetail/${u.orderId}`}>{`工单 ${u.orderId}`}</Link> : '—'),
    },
    { key: 'update_time', dataIndex: 'update_time', title: '更新时间' },
  ];
  const logCols: ListColumn<StockLog>[] = [
    { key: 'create_time', dataIndex: 'create_time', title: '时间' },
    { key: 'typeName', dataIndex: 'typeName', title: '类型' },
    { key: 'warehouseName', dataIndex: 'warehouseName', title: '仓库' },
    { key: 'change', dataIndex: 'change', title: '变动', render: (v: number) => (v > 0 ? `+${v}` : v) },
    { key: 'after', dataIndex: 'after', title: '变动后' },
    { key: 'userName', dataIndex: 'userName', title: '操作人', render: (v: string | null) => v ?? '—' },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small" title={`${s.code} ${s.name}`}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="规格型号">{s.model || '—'}</Descriptions.Item>
          <Descriptions.Item label="分类">{s.typeName ?? '未分类'}</Descriptions.Item>
          <Descriptions.Item label="单位">{s.unit}</Descriptions.Item>
          <Descriptions.Item label="成本价">{s.costPrice}</Descriptions.Item>
          <Descriptions.Item label="销售价">{s.salePrice}</Descriptions.Item>
          <Descriptions.Item label="总库存">{s.totalQuantity}</Descriptions.Item>
          <Descriptions.Item label="保内备件">{s.warranty ? <Tag color="blue">是</Tag> : '否'}</Descriptions.Item>
          <Descriptions.Item label="序列号管理">{s.serialized ? '是' : '否'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title="各仓库存">
        <Table<StockRow> size="small" rowKey="warehouseId" pagination={false} columns={stockCols} dataSource={s.stocks} />
      </Card>
      {s.serialized ? (
        <Card size="small" title={`序列号（${s.units.length}）`}>
          <Table<SpareUnit>
            size="small"
            rowKey="serial"
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={unitCols}
            dataSource={s.units}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: '暂无序列号' }}
          />
        </Card>
      ) : null}
      <Card size="small" title="备件日志">
        <ListPage<StockLog>
          title={`${s.name}日志`}
          routeKey={`/spareList/detail/${id}/log`}
          columns={logCols}
          fetch={fetchLogs}
          params={{ spareId: id }}
          sort={false}
          searchPlans={false}
          tableConfig={false}
        />
      </Card>
    </Space>
  );
}
