import { TEXT_LIMITS } from '@sk/shared/common/zod';
import { type Address, addressFields } from '@sk/shared/customers/customers.schema';
import { Checkbox, Form, Input } from 'antd';
import { RecordFormDialog } from '../../../components';
import { type Position, PositionField } from '../../../components/forms/fields/PositionField';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
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

/** Add or edit a customer's address: area, detail, a point on the map (or typed coordinates), default flag. */
export function AddressFormDialog({ open, address, customerId, onClose, onSaved }: AddressFormDialogProps) {
  const save = useApiMutation(customerPartsContract.addressSave);
  const initial: Values = address
    ? {
        customerId: address.customerId,
        area: [address.provinceCode, address.cityCode, address.districtCode].filter((c): c is string => !!c),
        detail: address.detail,
        position: positionOf(address),
        isDefault: address.isDefault,
      }
    : { customerId, area: [], detail: '', position: null, isDefault: false };

  const submit = async (v: Values) => {
    const [provinceCode = null, cityCode = null, districtCode = null] = v.area ?? [];
    await save.mutateAsync({
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
    await refreshCustomers();
    onSaved?.();
  };

  return (
    <RecordFormDialog<Values> open={open} title={address ? '编辑地址' : '新增地址'} initialValues={initial} onSubmit={submit} onClose={onClose} width={600}>
      {customerId ? null : (
        <Form.Item name="customerId" label="客户" rules={rulesOf(customerPartsContract.addressSave.body.shape.customerId, { required: '请选择客户' })}>
          <CustomerSelect disabled={!!address} />
        </Form.Item>
      )}
      <Form.Item name="area" label="省市区">
        <AreaCascader />
      </Form.Item>
      <Form.Item name="detail" label="详细地址" rules={rulesOf(addressFields.detail)}>
        <Input maxLength={TEXT_LIMITS.text} placeholder="街道、门牌号" />
      </Form.Item>
      <Form.Item name="position" label="地图位置" extra="在地图上点选，或直接输入经纬度">
        <PositionInput />
      </Form.Item>
      <Form.Item name="isDefault" valuePropName="checked">
        <Checkbox disabled={address?.isDefault}>设为默认地址</Checkbox>
      </Form.Item>
    </RecordFormDialog>
  );
}
