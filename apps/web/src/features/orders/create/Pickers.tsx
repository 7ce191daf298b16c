import { WARRANTY_STATES } from '@sk/shared/customers/customers.constants';
import { isPaid } from '@sk/shared/auth/plans';
import { type OrderCustomerContext, orderCreateContract, type ServiceItemRow } from '@sk/shared/orders/order.create.contract';
import { AutoComplete, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PersonField } from '../../../components/PersonField';
import type { Person } from '../../../components/PersonPicker';
import { PositionField } from '../../../components/forms/fields/PositionField';
import { useApi } from '../../../lib/query';
import { useSessionUser } from '../../../lib/session';
import { AreaCascader } from '../../customers';
import { useDebounced } from '../../../lib/useDebounced';
import type { AddressChoice } from './fields';

type Ctx = OrderCustomerContext | undefined;
const WARRANTY_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'red', 3: 'blue' };

/** The warranty state as a tag: 保内 green, 已过保 red, unknown grey. */
export function WarrantyTag({ state, end }: { state: number; end?: string | null }) {
  const label = (WARRANTY_STATES as Record<number, string>)[state] ?? '未知';
  return (
    <Tag color={WARRANTY_COLORS[state] ?? 'default'} data-testid="warranty-tag">
      {label}
      {end ? `（至${end}）` : ''}
    </Tag>
  );
}

/** 联系人: typed, or one of the customer's contacts (which fills the phone too). */
export function ContactInput(p: {
  id?: string;
  value: unknown;
  ctx: Ctx;
  disabled?: boolean;
  onChange: (v: string) => void;
  onPick: (c: { id: number; name: string; phone: string }) => void;
}) {
  const contacts = p.ctx?.contacts ?? [];
  return (
    <AutoComplete
      id={p.id}
      disabled={p.disabled}
      value={typeof p.value === 'string' ? p.value : ''}
      options={contacts.map((c) => ({ value: String(c.id), label: `${c.name} ${c.phone}` }))}
      onSelect={(v: string) => {
        const c = contacts.find((x) => String(x.id) === v);
        if (c) p.onPick(c);
      }}
      onChange={(v: string) => {
        if (!contacts.some((x) => String(x.id) === v)) p.onChange(v);
      }}
      placeholder={contacts.length ? '选择客户联系人或直接输入' : '请输入联系人'}
      aria-label="联系人"
    />
  );
}

/** 服务地址: a saved address of the customer, or another one typed (province/city/district and detail). */
export function AddressPicker({ id, value, ctx, onChange }: { id?: string; value: unknown; ctx: Ctx; onChange: (v: AddressChoice) => void }) {
  const choice = value as AddressChoice;
  const typed = choice && 'gpsAddr' in choice ? choice.gpsAddr : null;
  const selected = choice && 'addressId' in choice ? choice.addressId : typed ? 'new' : undefined;
  const addresses = ctx?.addresses ?? [];
  const setTyped = (patch: Partial<NonNullable<typeof typed>>) =>
    onChange({
      gpsAddr: { provinceCode: null, cityCode: null, districtCode: null, detail: '', mapName: null, latitude: null, longitude: null, ...typed, ...patch },
    });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select<number | 'new'>
        id={id}
        value={selected}
        placeholder={addresses.length ? '选择客户地址' : '请填写服务地址'}
        allowClear
        onClear={() => onChange(null)}
        onChange={(v) => (v === 'new' ? setTyped({}) : v ? onChange({ addressId: v }) : onChange(null))}
        options={[
          ...addresses.map((a) => ({ value: a.id as number | 'new', label: `${a.fullAddress}${a.isDefault ? '（默认）' : ''}` })),
          { value: 'new', label: '填写其他地址' },
        ]}
        aria-label="服务地址"
      />
      {typed ? (
        <>
          <AreaCascader
            value={[typed.provinceCode, typed.cityCode, typed.districtCode].filter((x): x is string => !!x)}
            onChange={(codes) => setTyped({ provinceCode: codes[0] ?? null, cityCode: codes[1] ?? null, districtCode: codes[2] ?? null })}
          />
          <Input
            value={typed.detail}
            maxLength={200}
            placeholder="详细地址（街道、门牌号）"
            aria-label="详细地址"
            onChange={(e) => setTyped({ detail: e.target.value })}
          />
          <PositionField
            value={typed.latitude != null && typed.longitude != null ? { address: typed.detail, lat: typed.latitude, lng: typed.longitude } : null}
            onChange={(pos) => setTyped({ latitude: pos?.lat ?? null, longitude: pos?.lng ?? null })}
          />
        </>
      ) : null}
    </Space>
  );
}

/** 产品: one of the customer's installed products, with its warranty state (re-read on opening: one may just have been added). */
export function ProductPicker({
  id,
  value,
  ctx,
  onChange,
  onOpen,
}: {
  id?: string;
  value: unknown;
  ctx: Ctx;
  onChange: (v: number | null) => void;
  onOpen?: () => void;
}) {
  const products = ctx?.products ?? [];
  const chosen = products.find((x) => x.id === value);
  return (
    <Space.Compact style={{ width: '100%' }} orientation="vertical">
      <Select<number>
        id={id}
        allowClear
        value={chosen ? chosen.id : undefined}
        placeholder={ctx ? (products.length ? '选择客户的设备' : '该客户暂无设备') : '请先选择客户'}
        onChange={(v) => onChange(v ?? null)}
        onOpenChange={(open) => open && onOpen?.()}
        options={products.map((x) => ({ value: x.id, label: `${x.name}${x.serialNumber ? `（${x.serialNumber}）` : ''}`, state: x.warrantyState }))}
        optionRender={(o) => (
          <Space>
            {o.label}
            <WarrantyTag state={o.data.state} />
          </Space>
        )}
        aria-label="产品"
      />
      {chosen ? (
        <Typography.Text type="secondary" style={{ marginTop: 4 }}>
          保修状态：
          <WarrantyTag state={chosen.warrantyState} end={chosen.warrantyEnd} />
        </Typography.Text>
      ) : null}
    </Space.Compact>
  );
}

const money = (n: number) => `¥${n.toFixed(2)}`;

/** 服务项目: several items of the catalogue; paid plans load it whole, the free plan searches 100 at a time. */
export function ServiceItemPicker({ id, value, onChange }: { id?: string; value: unknown; onChange: (v: number[]) => void }) {
  const user = useSessionUser();
  const paid = isPaid(user?.isChargeUser ?? 0);
  const [typed, setTyped] = useState('');
  const name = useDebounced(typed);
  const list = useApi(orderCreateContract.itemList, { pageIndex: 0, pageSize: paid ? 9999 : 100, name: paid ? undefined : name || undefined });
  const [known, setKnown] = useState<Map<number, ServiceItemRow>>(new Map());
  const rows = list.data?.list ?? [];
  const chosen = Array.isArray(value) ? (value as number[]) : [];
  const byId = new Map([...known, ...rows.map((r) => [r.id, r] as const)]);
  const total = chosen.reduce((s, i) => s + (byId.get(i)?.price ?? 0), 0);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select<number[]>
        id={id}
        mode="multiple"
        value={chosen}
        loading={list.isFetching}
        placeholder="选择服务项目"
        showSearch={paid ? { optionFilterProp: 'name' } : { filterOption: false, onSearch: setTyped }}
        onChange={(ids) => {
          setKnown(new Map(byId));
          onChange(ids);
        }}
        options={rows.map((r) => ({ value: r.id, name: r.name, label: `${r.name}  ${money(r.price)}${r.unit ? `/${r.unit}` : ''}` }))}
        notFoundContent="暂无服务项目"
        aria-label="服务项目"
      />
      {chosen.length ? <Typography.Text type="secondary">服务费合计：{money(total)}</Typography.Text> : null}
    </Space>
  );
}

/** People on the order by their part (销售人员, 协作人员, 抄送人): the person picker, limited to a role when given. */
export function PeopleInput(p: { value: unknown; onChange: (v: Person[]) => void; role?: number; multiple?: boolean; placeholder: string }) {
  const value = Array.isArray(p.value) ? (p.value as Person[]) : [];
  return <PersonField value={value} onChange={p.onChange} role={p.role} multiple={p.multiple} placeholder={p.placeholder} />;
}
