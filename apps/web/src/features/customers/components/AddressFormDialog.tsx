import type { Address } from '@sk/shared/customers/customers.schema';
import { Checkbox, Form, Input, Modal } from 'antd';
import { type Position, PositionField } from '../../../components/forms/fields/PositionField';
import { useApiMutation } from '../../../lib/query';
import { customerPartsContract, refreshCustomers } from '../api';
import { AreaCascader } from './AreaCascader';
import { CustomerSelect } from './CustomerSelect';

interface Values {
  customerId?: number | null;
  area?: string[];
  detail: string;
  position?: Position | null;
  isDefault?: boolean;
}

export interface AddressFormDialogProps {
  open: boolean;
  /** The address being edited; null adds one. */
  address: Address | null;
  /** Fixed customer (the detail page); otherwise the form asks for one. */
  customerId?: number;
  onClose: () => void;
  onSaved?: () => void;
}

const positionOf = (a: Address | null): Position | null =>
  a && a.latitude != null && a.longitude != null ? { address: a.mapName ?? '', lat: a.latitude, lng: a.longitude } : null;

/** The map-point picker as a form control. */
function PositionInput({ value, onChange, id }: { value?: Position | null; onChange?: (p: Position | null) => void; id?: string }) {
  return <PositionField id={id} value={value} onChange={(p) => onChange?.(p)} />;
}

function AddressForm({ address, customerId, onClose, onSaved }: Omit<AddressFormDialogProps, 'open'>) {
  const [form] = Form.useForm<Values>();
  const save = useApiMutation(customerPartsContract.addressSave, {
    onSuccess: async () => {
      await refreshCustomers();
      onSaved?.();
      onClose();
    },
  });
  const initial: Values = address
    ? {
        customerId: address.customerId,
        area: [address.provinceCode, address.cityCode, address.districtCode].filter((c): c is string => !!c),
        detail: address.detail,
        position: positionOf(address),
        isDefault: address.isDefault,
      }
    : { customerId, area: [], detail: '', position: null, isDefault: false };

  const submit = (v: Values) => {
    const [provinceCode = null, cityCode = null, districtCode = null] = v.area ?? [];
    save.mutate({
      id: address?.id,
      customerId: (customerId ?? v.customerId) as number,
      provinceCode,
      cityCode,
      districtCode,
      detail: v.detail,
      mapName: v.position?.address || address?.mapName || null,
      latitude: v.position?.lat ?? null,
      longitude: v.position?.lng ?? null,
      isDefault: v.isDefault ?? false,
    });
  };

  return (
    <Form form={form} id="sk-address-form" name="sk-address-form" layout="vertical" initialValues={initial} onFinish={submit} preserve={false}>
      {customerId ? null : (
        <Form.Item name="customerId" label="客户" rules={[{ required: true, message: '请选择客户' }]}>
          <CustomerSelect disabled={!!address} />
        </Form.Item>
      )}
      <Form.Item name="area" label="省市区">
        <AreaCascader />
      </Form.Item>
      <Form.Item
        name="detail"
        label="详细地址"
        rules={[
          { required: true, whitespace: true, message: '请输入详细地址' },
          { max: 200, message: '详细地址不能超过200个字' },
        ]}
      >
        <Input maxLength={200} placeholder="街道、门牌号" />
      </Form.Item>
      <Form.Item name="position" label="地图位置" extra="在地图上点选，或直接输入经纬度">
        <PositionInput />
      </Form.Item>
      <Form.Item name="isDefault" valuePropName="checked">
        <Checkbox disabled={address?.isDefault}>设为默认地址</Checkbox>
      </Form.Item>
    </Form>
  );
}

/** Add or edit a customer's address: area, detail, a point on the map (or typed coordinates), default flag. */
export function AddressFormDialog(props: AddressFormDialogProps) {
  const { open, address, onClose } = props;
  return (
    <Modal
      open={open}
      title={address ? '编辑地址' : '新增地址'}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', form: 'sk-address-form' }}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      {open ? <AddressForm {...props} /> : null}
    </Modal>
  );
}
