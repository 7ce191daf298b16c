import { PARTNER_TYPES } from '@sk/shared/org/org.constants';
import type { ProviderRow } from '@sk/shared/org/org.schema';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { RecordFormDialog } from '../../../components';
import { useApiMutation } from '../../../lib/query';
import { teamContract } from '../api';

export const PARTNER_OPTIONS = Object.entries(PARTNER_TYPES).map(([value, label]) => ({ value: Number(value), label }));
export const PROVIDER_READS = [teamContract.providerList, teamContract.providerDetail, teamContract.providerSimpleList];

interface Values {
  name: string;
  partnerType: number;
  linkman?: string;
  phone?: string;
  address?: string;
  serviceArea?: string;
  remark?: string;
  coefficient?: number;
}

const text = (label: string, max: number) => [{ max, message: `${label}不能超过${max}个字` }];

/** Create or edit a service provider (partner types 1 outsourcing, 3 authorised provider, 4 authorised platform). */
export function ProviderFormDialog({
  provider,
  open,
  onClose,
  onSaved,
}: {
  provider: ProviderRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const done = { invalidates: PROVIDER_READS, onSuccess: onSaved };
  const create = useApiMutation(teamContract.providerCreate, done);
  const update = useApiMutation(teamContract.providerUpdate, done);

  const submit = (v: Values) => {
    const body = {
      name: v.name,
      partnerType: v.partnerType,
      linkman: v.linkman || null,
      phone: v.phone || null,
      address: v.address || null,
      serviceArea: v.serviceArea || null,
      remark: v.remark || null,
      coefficient: v.coefficient ?? 1,
    };
    return provider ? update.mutateAsync({ id: provider.id, ...body }) : create.mutateAsync(body);
  };

  const initial: Partial<Values> = provider
    ? {
        name: provider.name,
        partnerType: provider.partnerType,
        linkman: provider.linkman ?? '',
        phone: provider.phone ?? '',
        address: provider.address ?? '',
        serviceArea: provider.serviceArea ?? '',
        remark: provider.remark ?? '',
        coefficient: provider.coefficient,
      }
    : { partnerType: 1, coefficient: 1 };

  return (
    <RecordFormDialog<Values>
      open={open}
      width={640}
      title={provider ? '编辑服务商' : '新增服务商'}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="服务商名称" rules={[{ required: true, whitespace: true, message: '请输入服务商名称' }, ...text('服务商名称', 50)]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="partnerType" label="合作类型" rules={[{ required: true, message: '请选择合作类型' }]}>
            <Select options={PARTNER_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="linkman" label="联系人" rules={text('联系人', 20)}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label="联系电话" rules={text('联系电话', 20)}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="coefficient"
            label="结算系数"
            extra="服务费标准 × 结算系数 = 该服务商工单的结算费用"
            rules={[{ required: true, message: '请输入结算系数' }]}
          >
            <InputNumber min={0.01} max={9.99} step={0.1} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label="地址" rules={text('地址', 200)}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="serviceArea" label="服务区域" rules={text('服务区域', 200)}>
            <Input maxLength={200} placeholder="如：上海、江苏、浙江" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={text('备注', 200)}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
    </RecordFormDialog>
  );
}
