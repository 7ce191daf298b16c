import type { OldPartReturn } from '@sk/shared/spares/spares.contract';
import { Button, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { S } from '../api';

/** A return's step as oldSave checks it; which fields a step needs is the page's (and the server's) to say. */
const O = S.oldSave.body.shape;
import { WarehouseSelect } from './Selects';

const NAMES: Record<string, string> = { ship: '寄出', receive: '签收', refurbish: '翻新入库', scrap: '报废', writeOff: '本地核销' };

interface Values {
  logistics?: string;
  trackingNo?: string;
  address?: string;
  warehouseId?: number;
  note?: string;
}

/** The next steps of an old-part return: ship (logistics and tracking number), receive into a warehouse, refurbish, scrap, write off. */
export function OldPartActions({ r, onDone }: { r: OldPartReturn; onDone?: () => void }) {
  const [action, setAction] = useState<string | null>(null);
  const tmpl = useApi(S.oldParamTmpl, undefined, { enabled: action === 'ship' });
  const save = useApiMutation(S.oldSave, { onSuccess: onDone });
  if (!r.abilities.length) return null;
  return (
    <>
      <Space size={0} wrap>
        {r.abilities.map((a) => (
          <Button key={a} type="link" size="small" onClick={() => setAction(a)}>
            {NAMES[a] ?? a}
          </Button>
        ))}
      </Space>
      <RecordFormDialog<Values>
        open={action !== null}
        title={`${NAMES[action ?? ''] ?? ''}：${r.spareName}${r.serial ? `（${r.serial}）` : ''}`}
        onClose={() => setAction(null)}
        onSubmit={(v) =>
          save.mutateAsync({
            id: r.id,
            action: action as 'ship',
            logistics: v.logistics || null,
            trackingNo: v.trackingNo || null,
            address: v.address || null,
            warehouseId: v.warehouseId ?? null,
            note: v.note || null,
          })
        }
      >
        {action === 'ship' ? (
          <>
            <Form.Item name="logistics" label="物流公司" rules={rulesOf(O.logistics, { required: '请选择物流公司' })}>
              <Select options={(tmpl.data?.logistics ?? []).map((n) => ({ value: n, label: n }))} aria-label="物流公司" />
            </Form.Item>
            <Form.Item name="trackingNo" label="物流单号" rules={rulesOf(O.trackingNo, { required: '请输入物流单号' })}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="address" label="返还地址">
              <Select allowClear options={(tmpl.data?.addresses ?? []).map((n) => ({ value: n, label: n }))} aria-label="返还地址" />
            </Form.Item>
          </>
        ) : null}
        {action === 'receive' ? (
          <Form.Item name="warehouseId" label="签收仓库" rules={rulesOf(O.warehouseId, { required: '请选择签收仓库' })}>
            <WarehouseSelect aria-label="签收仓库" />
          </Form.Item>
        ) : null}
        <Form.Item name="note" label="备注">
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </RecordFormDialog>
    </>
  );
}
