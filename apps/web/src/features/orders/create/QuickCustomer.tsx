import type { ExtractedCustomer } from '@sk/shared/customers/customers.contract';
import { addressFields, contactFields, customerFields } from '@sk/shared/customers/customers.schema';
import { Col, Form, Input, Row } from 'antd';
import { orderCreateContract } from '@sk/shared/orders/order.create.contract';
import { RecordFormDialog } from '../../../components';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { customerContract } from '../../customers';
import { AreaCascader } from '../../customers';
import { DuplicateCustomerAlert, useCustomerDuplicates } from '../../customers';
import { SmartPaste } from '../../customers';

interface Values {
  name: string;
  linkName: string;
  phone: string;
  area?: string[];
  detail?: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** The customer made here, or the existing one chosen instead of a duplicate. */
  onCreated: (id: number, name: string) => void;
  /** The problem the pasted text describes (故障/问题/描述/备注): the order's 详细描述. */
  onDescription?: (text: string) => void;
}

/**
 * 快速新建客户: paste "company contact phone address problem" text, the customers module reads it (智能填写), the
 * person checks it and the customer is created with that contact and address; the order form then picks it. A customer
 * with the same name and phone is shown before saving, to be chosen instead (the server refuses a second one).
 */
export function QuickCustomer({ open, onClose, onCreated, onDescription }: Props) {
  const [form] = Form.useForm<Values>();
  const duplicates = useCustomerDuplicates(Form.useWatch('name', form), Form.useWatch('phone', form));
  const add = useApiMutation(customerContract.addCustomer, {
    invalidates: [customerContract.getCustomerList, customerContract.customerList, orderCreateContract.customerOptions],
  });

  const fill = (r: ExtractedCustomer) => {
    const area = [r.provinceCode, r.cityCode, r.districtCode].filter((x): x is string => !!x);
    form.setFieldsValue({
      ...(r.name ? { name: r.name } : {}),
      ...(r.linkName ? { linkName: r.linkName } : {}),
      ...(r.phone ? { phone: r.phone } : {}),
      ...(area.length ? { area } : {}),
      ...(r.detail ? { detail: r.detail } : {}),
    });
    if (r.description) onDescription?.(r.description);
  };

  const submit = async (v: Values) => {
    const [provinceCode, cityCode, districtCode] = v.area ?? [];
    const r = await add.mutateAsync({
      name: v.name.trim(),
      linkPerson: { name: v.linkName.trim(), phone: v.phone.trim() },
      address: v.detail?.trim() ? { provinceCode, cityCode, districtCode, detail: v.detail.trim() } : null,
    });
    onCreated(r.id, v.name.trim());
  };

  return (
    <RecordFormDialog<Values>
      open={open}
      title="快速新建客户"
      okText="创建客户"
      name="skQuickCustomerForm"
      form={form}
      width={640}
      onSubmit={submit}
      onClose={onClose}
    >
      <SmartPaste onExtract={fill} />
      <DuplicateCustomerAlert
        duplicates={duplicates}
        actionLabel="选用该客户"
        onAction={(d) => {
          onCreated(d.id, d.name);
          onClose();
        }}
      />
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="客户名称" rules={rulesOf(customerFields.name)}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="linkName" label="联系人" rules={rulesOf(contactFields.name)}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label="联系电话" rules={rulesOf(contactFields.phone)}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="area" label="省市区">
            <AreaCascader />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="detail" label="详细地址" rules={rulesOf(addressFields.detail, { required: false })}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
    </RecordFormDialog>
  );
}
