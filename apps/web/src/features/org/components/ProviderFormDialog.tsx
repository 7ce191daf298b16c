import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { productContract } from '@sk/shared/customers/products.contract';
import { PARTNER_TYPES } from '@sk/shared/org/org.constants';
import type { ProviderDetail, ProviderRow } from '@sk/shared/org/org.schema';
import { Button, Checkbox, Col, Divider, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf, zodMessage } from '../../../lib/zodRules';
import { AreaCascader } from '../../customers';
import { teamContract } from '../api';

export const PARTNER_OPTIONS = labelOptions(PARTNER_TYPES);
export const PROVIDER_READS = [teamContract.providerList, teamContract.providerDetail, teamContract.providerSimpleList];

interface ContactValues {
  name: string;
  phone: string;
  position?: string;
  isPrimary?: boolean;
}

interface Values {
  name: string;
  partnerType: number;
  address?: string;
  serviceArea?: string;
  remark?: string;
  coefficient?: number;
  /** Each region as its cascader path ('31' / '31','3101' / '31','3101','310115'); the last code is stored. */
  regions?: (string[] | undefined)[];
  productLines?: string[];
  bankName?: string;
  bankAccountName?: string;
  bankAccount?: string;
  contacts?: ContactValues[];
}

/** The provider's fields as the contract checks them: the form's rules are the contract's. */
const F = teamContract.providerCreate.body.shape;
const C = F.contacts.unwrap().element.shape;

/** '310115' → ['31', '3101', '310115']: the cascader's path to an area code. */
export const areaPath = (code: string): string[] =>
  [code.slice(0, 2), code.slice(0, 4), code].filter((c, i, all) => c.length === (i + 1) * 2 && all.indexOf(c) === i);

/** 银行账号: digits (spaces and dashes as typed are dropped), 8 to 30 of them, as the contract checks it. */
export const bankAccountOk = (v: string | undefined): boolean => zodMessage(F.bankAccount, v) === null;

/** The edit dialog's values of a provider: its contacts, or the linkman and phone of one kept before contacts existed. */
export function valuesOf(p: ProviderDetail): Partial<Values> {
  const contacts: ContactValues[] = p.contacts.length
    ? p.contacts.map((c) => ({ name: c.name, phone: c.phone, position: c.position ?? '', isPrimary: c.isPrimary }))
    : p.linkman || p.phone
      ? [{ name: p.linkman ?? '', phone: p.phone ?? '', position: '', isPrimary: true }]
      : [];
  return {
    name: p.name,
    partnerType: p.partnerType,
    address: p.address ?? '',
    serviceArea: p.serviceArea ?? '',
    remark: p.remark ?? '',
    coefficient: p.coefficient,
    regions: p.regions.map((r) => areaPath(r.code)),
    productLines: p.productLines,
    bankName: p.bankName ?? '',
    bankAccountName: p.bankAccountName ?? '',
    bankAccount: p.bankAccount ?? '',
    contacts,
  };
}

/** The body the contract takes from the dialog's values. */
export function bodyOf(v: Values) {
  const regionCodes = [...new Set((v.regions ?? []).flatMap((path) => (path?.length ? [path[path.length - 1]!] : [])))];
  return {
    name: v.name,
    partnerType: v.partnerType,
    address: v.address || null,
    serviceArea: v.serviceArea || null,
    remark: v.remark || null,
    coefficient: v.coefficient ?? 1,
    regionCodes,
    productLines: v.productLines ?? [],
    bankName: v.bankName || null,
    bankAccountName: v.bankAccountName || null,
    bankAccount: (v.bankAccount ?? '').replace(/[\s-]/g, '') || null,
    contacts: (v.contacts ?? []).map((c) => ({ name: c.name, phone: c.phone, position: c.position || null, isPrimary: !!c.isPrimary })),
  };
}

/**
 * Create or edit a service provider (partner types 1 outsourcing, 3 authorised provider, 4 authorised platform): its
 * settlement coefficient, bank details, product lines, service regions and contacts (one primary). Editing reads the
 * detail, which carries the whole bank account.
 */
export function ProviderFormDialog({ provider, open, onClose }: { provider: ProviderRow | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const done = { invalidates: PROVIDER_READS };
  const create = useApiMutation(teamContract.providerCreate, done);
  const update = useApiMutation(teamContract.providerUpdate, done);
  const detail = useApi(teamContract.providerDetail, { id: provider?.id ?? 0 }, { enabled: open && !!provider });
  // The catalogue's 产品分类 as suggestions; without the catalogue's power the list is empty and any name may be typed.
  const categories = useApi(productContract.productCategories, undefined, { enabled: open, retry: false, call: { silent: true } });

  const submit = (v: Values) => {
    const body = bodyOf(v);
    return provider ? update.mutateAsync({ id: provider.id, ...body }) : create.mutateAsync(body);
  };

  const initial: Partial<Values> =
    provider && detail.data ? valuesOf(detail.data) : { partnerType: 1, coefficient: 1, contacts: [{ name: '', phone: '', isPrimary: true }] };

  // Ticking one contact as primary unticks the others.
  const primaryOnly = (index: number) => {
    const list = (form.getFieldValue('contacts') as ContactValues[] | undefined) ?? [];
    form.setFieldValue(
      'contacts',
      list.map((c, i) => ({ ...c, isPrimary: i === index })),
    );
  };

  return (
    <RecordFormDialog<Values>
      open={open}
      width={760}
      name="provider"
      form={form}
      title={provider ? '编辑服务商' : '新增服务商'}
      initialValues={initial}
      loading={!!provider && !detail.data}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="服务商名称" rules={rulesOf(F.name)}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="partnerType" label="合作类型" rules={rulesOf(F.partnerType, { required: '请选择合作类型' })}>
            <Select options={PARTNER_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="coefficient"
            label="结算系数"
            extra="服务费标准 × 结算系数 = 该服务商工单的结算费用"
            rules={rulesOf(F.coefficient, { required: '请输入结算系数' })}
          >
            <InputNumber min={0.01} max={9.99} step={0.1} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="productLines" label="产品线" extra="可从产品分类中选择，也可直接输入">
            <Select
              mode="tags"
              maxCount={50}
              placeholder="如：暖通空调"
              options={(categories.data ?? []).map((c) => ({ value: c, label: c }))}
              aria-label="产品线"
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start" plain>
        联系人
      </Divider>
      <Form.List
        name="contacts"
        // why: the page asks for at least one contact, which the contract leaves optional; the primary check is its own
        rules={[
          {
            validator: async (_, list?: ContactValues[]) => {
              if (!list?.length) throw new Error('请至少添加一位联系人');
              if (list.filter((c) => c?.isPrimary).length !== 1) throw new Error('请指定且只指定一位主联系人');
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map(({ key, name }) => (
              <Row key={key} gutter={8} align="top" wrap>
                <Col xs={24} sm={6}>
                  <Form.Item name={[name, 'name']} rules={rulesOf(C.name)}>
                    <Input placeholder="姓名" maxLength={20} aria-label="联系人姓名" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={7}>
                  <Form.Item name={[name, 'phone']} rules={rulesOf(C.phone)}>
                    <Input placeholder="手机号或固定电话" maxLength={20} aria-label="联系人电话" />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={5}>
                  <Form.Item name={[name, 'position']} rules={rulesOf(C.position)}>
                    <Input placeholder="职务" maxLength={20} aria-label="联系人职务" />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={6}>
                  <Space align="baseline">
                    <Form.Item name={[name, 'isPrimary']} valuePropName="checked">
                      <Checkbox onChange={(e) => e.target.checked && primaryOnly(name)}>主联系人</Checkbox>
                    </Form.Item>
                    <Button type="text" size="small" icon={<MinusCircleOutlined />} aria-label="删除联系人" onClick={() => remove(name)} />
                  </Space>
                </Col>
              </Row>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= 20}
              onClick={() => add({ name: '', phone: '', isPrimary: fields.length === 0 })}
            >
              添加联系人
            </Button>
          </>
        )}
      </Form.List>

      <Divider titlePlacement="start" plain>
        服务区域
      </Divider>
      <Form.List name="regions">
        {(fields, { add, remove }) => (
          <>
            {fields.map(({ key, name }) => (
              <Space key={key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item
                  name={name}
                  // why: a cascader path (the submit keeps its last code as regionCodes), not a contract field
                  rules={[{ required: true, message: '请选择省 / 市 / 区' }]}
                  style={{ width: 360 }}
                >
                  <AreaCascader />
                </Form.Item>
                <MinusCircleOutlined aria-label="删除服务区域" onClick={() => remove(name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= 100} onClick={() => add()}>
              添加服务区域
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item name="serviceArea" label="区域说明" rules={rulesOf(F.serviceArea)} style={{ marginTop: 16 }}>
        <Input maxLength={200} placeholder="如：上海全境及苏州工业园区" />
      </Form.Item>

      <Divider titlePlacement="start" plain>
        结算账户
      </Divider>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="bankName" label="开户银行" rules={rulesOf(F.bankName)}>
            <Input maxLength={50} placeholder="如：中国工商银行上海市分行" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="bankAccountName" label="开户名" rules={rulesOf(F.bankAccountName)}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="bankAccount" label="银行账号" rules={rulesOf(F.bankAccount)}>
            <Input maxLength={40} inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>

      <Form.Item name="address" label="地址" rules={rulesOf(F.address)}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={rulesOf(F.remark)}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </RecordFormDialog>
  );
}
