// Form items the customer area's record dialogs share, with the rules of the contract field they hold.
import { Col, Form, Input } from 'antd';
import type { z } from 'zod';
import { rulesOf } from '../../../lib/zodRules';
import { CustomerSelect } from './CustomerSelect';

/** 备注 (a contract's optionalText of 500), the full width of the dialog's row. */
export function RemarkItem({ field }: { field: z.ZodType }) {
  return (
    <Col xs={24}>
      <Form.Item name="remark" label="备注" rules={rulesOf(field)}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </Col>
  );
}

/** The head of a sales or maintenance contract: 合同编号 (generated when empty), 合同名称 and 客户. */
export function ContractHeadItems({
  fields,
  customerLocked,
  onCustomerChange,
}: {
  /** The contract body's fields (both contracts' bodies hold the same three). */
  fields: { contractNo: z.ZodType; name: z.ZodType; customerId: z.ZodType };
  /** The customer is fixed (the customer's page, or a saved maintenance contract). */
  customerLocked: boolean;
  onCustomerChange?: () => void;
}) {
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="contractNo" label="合同编号" extra="不填时自动生成" rules={rulesOf(fields.contractNo)}>
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="name" label="合同名称" rules={rulesOf(fields.name)}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="customerId" label="客户" rules={rulesOf(fields.customerId, { required: '请选择客户' })}>
          <CustomerSelect disabled={customerLocked} onChange={onCustomerChange} />
        </Form.Item>
      </Col>
    </>
  );
}
