import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { HANDOVER_KIND, OWN_STOCK_KINDS, SPARE_DOC_KINDS, type SpareDocKind } from '@sk/shared/spares/spares.constants';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useEffect, useRef } from 'react';
import { RecordFormDialog } from '../../../components';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { S } from '../api';
import { TRANSFER_TYPE_OPTIONS } from '../options';
import { EngineerSelect, SpareSelect, WarehouseSelect } from './Selects';
import { SerialsSelect, useUnits } from './SerialsSelect';

/** A stock document's fields and lines as the contract checks them: the form's rules are the contract's. */
const D = S.docSave.body.shape;
const DL = D.items.element.shape;

interface Values {
  fromWarehouseId?: number | null;
  toWarehouseId?: number | null;
  toUserId?: number | null;
  transferType?: number;
  logistics?: string;
  trackingNo?: string;
  remark?: string;
  items: Line[];
}

interface Line {
  spareId?: number | null;
  quantity?: number | null;
  serials?: string[];
  /** A count line of a serial-tracked spare (set when its units are loaded). */
  tracked?: boolean;
}

/**
 * One line of a document. On a count sheet a serial-tracked spare is counted by its serials: the line starts with the
 * units recorded in the warehouse, the keeper removes what is missing and scans what was found; the quantity follows.
 */
function DocLine(p: { name: number; index: number; kind: SpareDocKind; fromWarehouseId?: number | null; onRemove?: () => void }) {
  const form = Form.useFormInstance<Values>();
  const count = p.kind === 5;
  const path = <K extends keyof Line>(k: K) => ['items', p.name, k] as ['items', number, K];
  const spareId = Form.useWatch(path('spareId'), form) as number | null | undefined;
  const serials = Form.useWatch(path('serials'), form) as string[] | undefined;
  const tracked = Form.useWatch(path('tracked'), form) as boolean | undefined;
  const units = useUnits(count ? p.fromWarehouseId : null, spareId);
  const prefilled = useRef('');
  useEffect(() => {
    const key = `${p.fromWarehouseId}:${spareId}`;
    if (!count || !units.data || prefilled.current === key) return;
    prefilled.current = key;
    form.setFieldValue(path('tracked'), units.data.serialized);
    if (units.data.serialized)
      form.setFieldValue(
        path('serials'),
        units.data.units.map((u) => u.serial),
      );
  });
  const quantity = Form.useWatch(path('quantity'), form);
  useEffect(() => {
    const found = (serials ?? []).length;
    if (tracked && quantity !== found) form.setFieldValue(path('quantity'), found);
  });
  const n = p.index + 1;
  return (
    <div>
      <Space align="baseline" style={{ display: 'flex' }} wrap>
        <Form.Item
          name={[p.name, 'spareId']}
          label={p.index === 0 ? '备件' : undefined}
          rules={rulesOf(DL.spareId, { required: '请选择备件' })}
          style={{ width: 300 }}
        >
          <SpareSelect aria-label={`第${n}行备件`} />
        </Form.Item>
        <Form.Item
          name={[p.name, 'quantity']}
          label={p.index === 0 ? (count ? '实盘数量' : '数量') : undefined}
          rules={rulesOf(DL.quantity, { required: '请输入数量' })}
        >
          <InputNumber min={count ? 0 : 1} precision={0} disabled={tracked} aria-label={`第${n}行数量`} />
        </Form.Item>
        {count ? null : (
          <Form.Item
            name={[p.name, 'serials']}
            label={p.index === 0 ? '序列号' : undefined}
            tooltip={p.index === 0 ? '按序列号管理的备件：每件一个序列号，回车分隔' : undefined}
          >
            <SerialsSelect
              warehouseId={p.fromWarehouseId}
              spareId={spareId}
              placeholder="按序列号管理时填写"
              style={{ width: 220 }}
              aria-label={`第${n}行序列号`}
            />
          </Form.Item>
        )}
        {p.onRemove ? <MinusCircleOutlined aria-label="删除该行" onClick={p.onRemove} /> : null}
      </Space>
      <Form.Item name={[p.name, 'tracked']} hidden>
        <Input />
      </Form.Item>
      {count && tracked ? (
        <Form.Item
          name={[p.name, 'serials']}
          label={`盘到的序列号（账面${units.data?.total ?? 0}件，盘到${(serials ?? []).length}件）`}
          extra={
            (units.data?.total ?? 0) > (units.data?.units.length ?? 0)
              ? `该仓库登记的序列号超过${units.data?.units.length}个，只填入了前${units.data?.units.length}个：请按实物补全`
              : '已填入该仓库登记的序列号：删去没盘到的，扫描或输入盘到的（回车分隔）'
          }
        >
          <SerialsSelect warehouseId={p.fromWarehouseId} spareId={spareId} aria-label={`第${n}行盘到的序列号`} />
        </Form.Item>
      ) : null}
    </div>
  );
}

/** Files a stock document of one kind; it waits for the keeper's approval before any stock moves. */
export function DocDialog(p: { kind: SpareDocKind; open: boolean; orderId?: number; onClose: () => void; onSaved?: () => void }) {
  const k = SPARE_DOC_KINDS[p.kind];
  const own = OWN_STOCK_KINDS[p.kind as keyof typeof OWN_STOCK_KINDS];
  const save = useApiMutation(S.docSave, { onSuccess: p.onSaved });
  const count = p.kind === 5;
  const shipped = p.kind === 2 || p.kind === 3;
  const handover = p.kind === HANDOVER_KIND;
  const [form] = Form.useForm<Values>();
  const fromWarehouseId = Form.useWatch('fromWarehouseId', form);
  return (
    <RecordFormDialog<Values>
      form={form}
      open={p.open}
      title={`新建${k.name}`}
      width={720}
      okText="提交审批"
      initialValues={{ transferType: 0, items: [{ quantity: count ? 0 : 1 }] }}
      onClose={p.onClose}
      onSubmit={(v) =>
        save.mutateAsync({
          kind: p.kind,
          fromWarehouseId: v.fromWarehouseId ?? null,
          toWarehouseId: v.toWarehouseId ?? null,
          toUserId: handover ? (v.toUserId ?? null) : null,
          transferType: p.kind === 2 ? (v.transferType ?? 0) : null,
          orderId: p.orderId ?? null,
          logistics: v.logistics || null,
          trackingNo: v.trackingNo || null,
          remark: v.remark ?? '',
          items: v.items.map((i) => ({
            spareId: i.spareId as number,
            // A counted serial-tracked spare: its quantity is the number of serials found.
            quantity: i.tracked ? (i.serials ?? []).length : (i.quantity ?? 0),
            serials: count && !i.tracked ? undefined : (i.serials ?? []),
          })),
        })
      }
    >
      {k.from && own !== 'from' ? (
        <Form.Item name="fromWarehouseId" label={count ? '盘点仓库' : '出库仓库'} rules={rulesOf(D.fromWarehouseId, { required: '请选择仓库' })}>
          <WarehouseSelect aria-label={count ? '盘点仓库' : '出库仓库'} />
        </Form.Item>
      ) : null}
      {handover ? (
        <Form.Item name="toUserId" label="接收工程师" rules={rulesOf(D.toUserId, { required: '请选择接收工程师' })}>
          <EngineerSelect aria-label="接收工程师" />
        </Form.Item>
      ) : k.to && own !== 'to' ? (
        <Form.Item name="toWarehouseId" label={p.kind === 11 ? '入库仓库（废件仓）' : '入库仓库'} rules={rulesOf(D.toWarehouseId, { required: '请选择仓库' })}>
          <WarehouseSelect aria-label="入库仓库" />
        </Form.Item>
      ) : null}
      {own ? (
        <p style={{ color: 'var(--ant-color-text-tertiary, rgba(0, 0, 0, 0.56))' }}>
          {own === 'to' ? '领用的备件入我的备件库存' : handover ? '从我的备件库存交给接收工程师' : '从我的备件库存退还'}
        </p>
      ) : null}
      {p.kind === 2 ? (
        <Form.Item name="transferType" label="调拨类型">
          <Select options={TRANSFER_TYPE_OPTIONS} aria-label="调拨类型" />
        </Form.Item>
      ) : null}
      {shipped ? (
        <Space wrap>
          <Form.Item name="logistics" label="物流公司">
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="trackingNo" label="物流单号">
            <Input maxLength={50} />
          </Form.Item>
        </Space>
      ) : null}
      <Form.List name="items">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <DocLine
                key={f.key}
                name={f.name}
                index={i}
                kind={p.kind}
                fromWarehouseId={own === 'from' ? null : fromWarehouseId}
                onRemove={fields.length > 1 ? () => remove(f.name) : undefined}
              />
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: count ? 0 : 1 })}>
              添加备件
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item name="remark" label="备注" style={{ marginTop: 16 }}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </RecordFormDialog>
  );
}
