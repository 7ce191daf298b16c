import type { ExtractedCustomer } from '@sk/shared/customers/customers.contract';
import type { ExtValues } from '@sk/shared/forms/forms.schema';
import { addressFields, type CustomerDetail, contactFields, customerFields } from '@sk/shared/customers/customers.schema';
import { teamContract } from '@sk/shared/org/team.contract';
import { isPaid } from '@sk/shared/auth/plans';
import { phone } from '@sk/shared/customers/fields';
import { App, Col, Form, type FormInstance, Input, Row, Select } from 'antd';
import { type Person, PersonField } from '../../../components';
import { call } from '../../../lib/api';
import { useApi, useApiMutation } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { rulesOf } from '../../../lib/zodRules';
import { customerContract, refreshCustomers } from '../api';
import { LEVEL_OPTIONS, SOURCE_OPTIONS } from '../options';
import { useNavigate } from 'react-router';
import { AreaCascader } from './AreaCascader';
import { DuplicateCustomerAlert, useCustomerDuplicates } from './DuplicateCustomer';
import { ExtRecordFormDialog, KIND, useEditedRecord } from './CustomFields';
import { SmartPaste } from './SmartPaste';
import { TagSelect } from './TagSelect';

export interface CustomerValues {
  name: string;
  code?: string;
  linkName?: string;
  phone?: string;
  position?: string;
  area?: string[];
  detail?: string;
  source?: number | null;
  level?: number | null;
  sales?: Person[];
  serviceGroupId?: number | null;
  tagIds?: number[];
  remark?: string;
}

/**
 * Form values from what smart paste read: the customer (a company, or the person) as the name while none is typed
 * yet, the person as the contact.
 */
export function pastedValues(r: ExtractedCustomer, current: Partial<CustomerValues>): Partial<CustomerValues> {
  const out: Partial<CustomerValues> = {};
  if (r.name && !current.name?.trim()) out.name = r.name;
  if (r.linkName) out.linkName = r.linkName;
  if (r.phone) out.phone = r.phone;
  const area = [r.provinceCode, r.cityCode, r.districtCode].filter((c): c is string => !!c);
  if (area.length) out.area = area;
  if (r.detail) out.detail = r.detail;
  return out;
}

const valuesOf = (d: CustomerDetail): CustomerValues => ({
  name: d.name,
  code: d.code ?? '',
  source: d.source,
  level: d.level,
  sales: d.businessUserId ? [{ id: d.businessUserId, name: d.businessUserName ?? '', mobile: '', department_name: null }] : [],
  serviceGroupId: d.serviceGroupId,
  tagIds: d.tags.map((t) => t.id),
  remark: d.remark ?? '',
});

function commonFields(v: CustomerValues, tagsAllowed: boolean) {
  return {
    name: v.name,
    code: v.code || null,
    source: v.source ?? null,
    level: v.level ?? null,
    businessUserId: v.sales?.[0]?.id ?? null,
    serviceGroupId: v.serviceGroupId ?? null,
    remark: v.remark || null,
    tagIds: tagsAllowed ? (v.tagIds ?? []) : undefined,
  };
}

function Fields({ form, isNew, tagsAllowed }: { form: FormInstance<CustomerValues>; isNew: boolean; tagsAllowed: boolean }) {
  const groups = useApi(teamContract.groupSimpleList);
  const area = Form.useWatch('area', form);
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="name" label="客户名称" rules={rulesOf(customerFields.name)}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="code" label="客户编号" rules={rulesOf(customerFields.code)}>
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      {isNew ? (
        <>
          <Col xs={24} md={12}>
            <Form.Item name="linkName" label="联系人" rules={rulesOf(contactFields.name)}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label="电话" rules={rulesOf(phone('电话'))}>
              <Input maxLength={30} placeholder="手机号或固定电话" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="area" label="服务地址">
              <AreaCascader />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="detail" label="详细地址" rules={rulesOf(addressFields.detail, { required: !!area?.length })}>
              <Input maxLength={200} placeholder="街道、门牌号" />
            </Form.Item>
          </Col>
        </>
      ) : null}
      <Col xs={24} md={12}>
        <Form.Item name="source" label="客户来源">
          <Select allowClear options={SOURCE_OPTIONS} placeholder="请选择" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="level" label="客户等级">
          <Select allowClear options={LEVEL_OPTIONS} placeholder="请选择" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="sales" label="负责销售">
          <PersonField role={5} placeholder="选择销售人员" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="serviceGroupId" label="服务团队">
          <Select allowClear placeholder="请选择" options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />
        </Form.Item>
      </Col>
      {tagsAllowed ? (
        <Col xs={24}>
          <Form.Item name="tagIds" label="客户标签">
            <TagSelect />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24}>
        <Form.Item name="remark" label="备注" rules={rulesOf(customerFields.remark)}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** A new customer's name and phone already saved: say so before saving, with the way to the existing one. */
function NewCustomerDuplicates({ form, onClose }: { form: FormInstance<CustomerValues>; onClose: () => void }) {
  const navigate = useNavigate();
  const duplicates = useCustomerDuplicates(Form.useWatch('name', form), Form.useWatch('phone', form));
  return (
    <DuplicateCustomerAlert
      duplicates={duplicates}
      actionLabel="打开该客户"
      onAction={(d) => {
        onClose();
        navigate(`/allOrder/customerDetail/${d.id}`);
      }}
    />
  );
}

export interface CustomerFormDialogProps {
  open: boolean;
  /** The customer to edit; null creates one. */
  customerId: number | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** 新建客户 (with smart paste, first contact and address) or 编辑客户; custom fields through the form engine. */
export function CustomerFormDialog({ open, customerId, onClose, onSaved }: CustomerFormDialogProps) {
  const [form] = Form.useForm<CustomerValues>();
  const { modal } = App.useApp();
  const user = useUser();
  const tagsAllowed = isPaid(user.isChargeUser);
  const edited = useEditedRecord(customerContract.detail, { id: customerId ?? 0 }, customerId, open);
  const detail = edited.record;
  const add = useApiMutation(customerContract.addCustomer);
  const edit = useApiMutation(customerContract.editCustomer);
  const saved = async (id: number) => {
    await refreshCustomers();
    onSaved?.(id);
  };

  const submit = async (v: CustomerValues, ext: ExtValues) => {
    if (detail) {
      await edit.mutateAsync({ id: detail.id, ...commonFields(v, tagsAllowed), ext });
      return saved(detail.id);
    }
    const [provinceCode = null, cityCode = null, districtCode = null] = v.area ?? [];
    const hasAddress = !!(v.area?.length || v.detail?.trim());
    // 客户电话不可重复 off: a phone another customer has is saved only when the user confirms (on, the server refuses it).
    const tel = (v.phone ?? '').trim();
    const check = await call(customerContract.phoneCheck, { phone: tel }, { silent: true }).catch(() => null);
    if (check?.taken && !check.unique) {
      const go = await modal.confirm({
        title: '电话重复',
        content: `电话${tel}已有其他客户使用，仍要保存吗？`,
        okText: '仍要保存',
        cancelText: '取消',
      });
      // Rejecting keeps the dialog open for another phone.
      if (!go) throw new Error('电话重复，未保存');
    }
    const r = await add.mutateAsync({
      ...commonFields(v, tagsAllowed),
      ext,
      linkPerson: { name: v.linkName ?? '', phone: tel, position: v.position || null },
      address: hasAddress ? { provinceCode, cityCode, districtCode, detail: v.detail ?? '', mapName: null, latitude: null, longitude: null } : null,
    });
    await saved(r.id);
  };

  return (
    <ExtRecordFormDialog<CustomerValues>
      kind={KIND.customer}
      name="sk-customer-form"
      form={form}
      open={open}
      title={customerId ? '编辑客户' : '新建客户'}
      width={760}
      {...edited}
      initialValues={detail ? valuesOf(detail) : { sales: [], tagIds: [], area: [] }}
      onSubmit={submit}
      onClose={onClose}
    >
      {detail ? null : <SmartPaste onExtract={(r) => form.setFieldsValue(pastedValues(r, form.getFieldsValue()))} />}
      <Fields form={form} isNew={!detail} tagsAllowed={tagsAllowed} />
      {detail ? null : <NewCustomerDuplicates form={form} onClose={onClose} />}
    </ExtRecordFormDialog>
  );
}
