import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { InstalledProduct } from '@sk/shared/customers/products.contract';
import { App, Button, Card, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { DateRangePicker, FilterSelect, type ListColumn, ListPage } from '../../../components';
import { call } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { CUSTOMER_POWERS as P } from '@sk/shared/customers/customers.contract';
import { pagedFetcher, productContract } from '../api';
import { CustomerSelect } from '../components/CustomerSelect';
import { ImportDialog } from '../components/ImportDialog';
import { InstalledFormDialog, ModelSelect } from '../components/InstalledFormDialog';
import { installedColumns } from '../components/installedColumns';
import { ProductQrCode } from '../components/ProductQrCode';
import { PRODUCT_STATUS_OPTIONS, WARRANTY_STATE_OPTIONS } from '../options';

const fetchInstalled = pagedFetcher<InstalledProduct>(productContract.productionList);

export const createdRange = ({ created, ...rest }: Record<string, unknown>) => {
  const range = created as [string, string] | null | undefined;
  return { ...rest, startCreateTime: range?.[0], endCreateTime: range?.[1] };
};

/** 产品档案: installed products with warranty state, QR codes, import and batch delete (free-locked). */
export default function ProductManage() {
  const { modal } = App.useApp();
  const can = useCan();
  const editable = can(P.productEdit);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [qr, setQr] = useState<InstalledProduct | null>(null);

  const remove = (p: InstalledProduct) =>
    modal.confirm({
      title: '删除设备',
      content: `确认删除设备“${p.name}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => call(productContract.productionDelete, { ids: [p.id] }, { successToast: true }).catch(() => {}),
    });

  const actions: ListColumn<InstalledProduct> = {
    key: 'actions',
    title: '操作',
    fixed: 'right',
    width: 160,
    render: (_: unknown, p) => (
      <Space size={0}>
        {editable ? (
          <Button type="link" size="small" onClick={() => setEditing(p.id)}>
            编辑
          </Button>
        ) : null}
        <Button type="link" size="small" onClick={() => setQr(p)}>
          二维码
        </Button>
        {editable ? (
          <Button type="link" size="small" danger onClick={() => remove(p)}>
            删除
          </Button>
        ) : null}
      </Space>
    ),
  };
  const columns = [...installedColumns(true), actions];

  return (
    <Card title="产品档案" size="small">
      <ListPage<InstalledProduct>
        title="产品档案"
        columns={columns}
        // Fits 1440 px beside the menu, so no column starts hidden under the fixed 操作 column (the name carries the
        // product and model; 产品, 设备状态 and 创建时间 are a 列设置 away).
        defaultColumns={['name', 'serialNumber', 'customerName', 'address', 'warrantyState', 'actions']}
        fetch={fetchInstalled}
        keywordPlaceholder="请输入设备名称或序列号"
        filters={
          <>
            <Form.Item name="serialNumber" label="序列号">
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="customerId" label="客户">
              <CustomerSelect style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="productId" label="产品">
              <ModelSelect />
            </Form.Item>
            <FilterSelect name="status" label="设备状态" width={140} options={PRODUCT_STATUS_OPTIONS} />
            <FilterSelect name="warrantyState" label="保修状态" width={140} options={WARRANTY_STATE_OPTIONS} />
            <Form.Item name="created" label="创建时间">
              <DateRangePicker />
            </Form.Item>
          </>
        }
        mapFilters={createdRange}
        toolbar={
          <>
            {editable ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                登记设备
              </Button>
            ) : null}
            {can(P.import) ? (
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                导入
              </Button>
            ) : null}
          </>
        }
        onDelete={editable ? (ids) => call(productContract.productionDelete, { ids: ids.map(Number) }) : undefined}
      />
      <InstalledFormDialog open={editing !== null} id={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ImportDialog open={importing} kind="product" onClose={() => setImporting(false)} />
      <Modal open={!!qr} title="设备二维码" footer={null} onCancel={() => setQr(null)} destroyOnHidden width={360}>
        {qr ? <ProductQrCode id={qr.id} name={qr.name} serialNumber={qr.serialNumber} qrLink={qr.qrLink} size={220} /> : null}
      </Modal>
    </Card>
  );
}
