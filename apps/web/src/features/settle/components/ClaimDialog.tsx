import { CLAIM_KINDS } from '@sk/shared/settle/claims.machine';
import { scaledBy, yuanOf } from '@sk/shared/settle/settle.contract';
import { Form, Input, InputNumber, Radio } from 'antd';
import { RecordFormDialog } from '../../../components';
import { AttachmentsField } from '../../../components/forms/fields/AttachmentsField';
import { fileOf } from '../../../components/forms/fields/files';
import { labelOptions } from '../../../lib/options';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { K } from '../api';

/** A claim as the contract checks it (yuan and kilometres here, cents and metres there): the form's rules are the contract's. */
const CB = K.create.body.shape;

interface Values {
  kind: 1 | 2;
  amount: number;
  km?: number;
  note?: string;
  attachments?: number[];
}

/** 申请费用: a provider's user claims a transport (with its distance) or an extra fee on one of his completed orders. */
export function ClaimDialog(p: { orderId: number | null; orderNo?: string; onClose: () => void; onSaved?: (id: number) => void }) {
  const create = useApiMutation(K.create);
  return (
    <RecordFormDialog<Values>
      open={p.orderId != null}
      name="feeClaim"
      title={`申请费用${p.orderNo ? `：${p.orderNo}` : ''}`}
      okText="提交"
      initialValues={{ kind: 1 }}
      onClose={p.onClose}
      onSubmit={async (v) => {
        const r = await create.mutateAsync({
          orderId: p.orderId as number,
          kind: v.kind,
          amountCents: Math.round((v.amount ?? 0) * 100),
          claimedM: v.kind === 1 && v.km != null ? Math.round(v.km * 1000) : null,
          note: v.note || null,
          attachments: (v.attachments ?? []).map((id) => fileOf(id).url),
        });
        p.onSaved?.(r.id);
        return r;
      }}
    >
      <Form.Item name="kind" label="费用类型" rules={rulesOf(CB.kind, { required: '请选择费用类型' })}>
        <Radio.Group options={labelOptions(CLAIM_KINDS)} />
      </Form.Item>
      <Form.Item name="amount" label="申请金额（元）" rules={rulesOf(yuanOf(CB.amountCents), { required: '请输入申请金额' })}>
        <InputNumber min={0.01} max={100000} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.kind !== b.kind}>
        {({ getFieldValue }) =>
          getFieldValue('kind') === 1 ? (
            <Form.Item
              name="km"
              label="申请里程（公里）"
              extra="往返或单程以实际路线为准；系统按直线距离核对"
              rules={rulesOf(scaledBy(1000, CB.claimedM), { required: '请输入申请里程' })}
            >
              <InputNumber min={0.1} max={2000} precision={1} style={{ width: '100%' }} />
            </Form.Item>
          ) : null
        }
      </Form.Item>
      <Form.Item name="note" label="说明">
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
      <Form.Item name="attachments" label="附件" extra="票据、过路费或加班单据的照片，最多9个">
        <AttachmentsField maxCount={9} />
      </Form.Item>
    </RecordFormDialog>
  );
}
