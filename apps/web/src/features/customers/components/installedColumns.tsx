import { PRODUCT_STATUS, WARRANTY_STATES } from '@sk/shared/customers/customers.constants';
import type { InstalledProduct } from '@sk/shared/customers/products.contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import type { ListColumn } from '../../../components';
import { customerPath, installedPath, labelOf, modelPath, PRODUCT_STATUS_COLORS, WARRANTY_COLORS } from '../options';

const text = (v: string | null) => v || '—';

export const WarrantyTag = ({ state, end }: { state: number; end: string | null }) => (
  <Tag color={WARRANTY_COLORS[state]}>
    {labelOf(WARRANTY_STATES, state)}
    {end ? ` · ${end.replaceAll('-', '/')}` : ''}
  </Tag>
);

export const StatusTag = ({ status }: { status: number }) => <Tag color={PRODUCT_STATUS_COLORS[status]}>{labelOf(PRODUCT_STATUS, status)}</Tag>;

/** Columns of installed-product lists (ProductManage and the customer's products tab). */
export function installedColumns(withCustomer: boolean): ListColumn<InstalledProduct>[] {
  const cols: ListColumn<InstalledProduct>[] = [
    { key: 'name', dataIndex: 'name', title: '设备名称', render: (v: string, r) => <Link to={installedPath(r.id)}>{v}</Link> },
    { key: 'serialNumber', dataIndex: 'serialNumber', title: '序列号', render: text },
    { key: 'productName', dataIndex: 'productName', title: '产品', render: (v: string, r) => <Link to={modelPath(r.productId)}>{v}</Link> },
    { key: 'model', dataIndex: 'model', title: '型号', render: text },
    {
      key: 'customerName',
      dataIndex: 'customerName',
      title: '客户',
      render: (v: string | null, r) => (r.customerId ? <Link to={customerPath(r.customerId)}>{v}</Link> : '—'),
    },
    { key: 'address', dataIndex: 'address', title: '安装地址', width: 220, render: text },
    // Wide enough for the tag (在保 · YYYY/MM/DD), which would otherwise run under the fixed 操作 column.
    {
      key: 'warrantyState',
      dataIndex: 'warrantyState',
      title: '保修状态',
      width: 180,
      render: (v: number, r) => <WarrantyTag state={v} end={r.coverageEnd} />,
    },
    { key: 'status', dataIndex: 'status', title: '设备状态', render: (v: number) => <StatusTag status={v} /> },
    { key: 'installDate', dataIndex: 'installDate', title: '安装日期', render: text },
    { key: 'purchaseDate', dataIndex: 'purchaseDate', title: '购买日期', render: text },
    { key: 'brand', dataIndex: 'brand', title: '品牌', render: text },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  ];
  return withCustomer ? cols : cols.filter((c) => c.key !== 'customerName');
}
