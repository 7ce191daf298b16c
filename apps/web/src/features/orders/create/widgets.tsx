// The controls of the order's fixed fields, shared by the create page and the edit dialog.
import type { OrderCustomerContext } from '@sk/shared/orders/order.create.contract';
import { AppointmentText } from '../../../components/AppointmentPicker';
import type { WidgetProps } from '../../../components/forms';
import { CodeSelect, GroupSelect, LabelSelect, PRIORITY_OPTIONS, SERVICE_LEVEL_OPTIONS, SOURCE_OPTIONS } from './options';
import { AddressPicker, ContactInput, PeopleInput, ProductPicker, ServiceItemPicker } from './Pickers';

export type Widgets = Record<string, (p: WidgetProps) => React.ReactNode>;

export interface OrderWidgetDeps {
  /** The order's customer: its contacts, addresses and installed products to pick. */
  context: OrderCustomerContext | undefined;
  saleChannels: { value: number; label: string }[];
  /** A contact of the customer picked (its id), or the name typed (null). */
  onContact: (id: number | null) => void;
  /** Sets several fixed fields at once (a picked contact fills the phone too). */
  set: (patch: Record<string, unknown>) => void;
  /** The product list is re-read on opening: one may just have been added. */
  refetchContext: () => void;
}

/** Every fixed field's control but the customer's (the create page adds its picker; an order's customer changes elsewhere). */
export function orderFieldWidgets(d: OrderWidgetDeps): Widgets {
  return {
    customLinkPerson: (p) => (
      <ContactInput
        id={p.id}
        value={p.value}
        ctx={d.context}
        onChange={(v) => {
          d.onContact(null);
          p.onChange(v);
        }}
        onPick={(c) => {
          d.onContact(c.id);
          d.set({ customLinkPerson: c.name, customPhone: c.phone });
        }}
      />
    ),
    gpsAddr: (p) => <AddressPicker id={p.id} value={p.value} ctx={d.context} onChange={p.onChange} />,
    productId: (p) => <ProductPicker id={p.id} value={p.value} ctx={d.context} onChange={p.onChange} onOpen={d.refetchContext} />,
    // The appointment in 5-minute steps, from today on (a custom date-time field keeps the full picker).
    customApplyTime: (p) => <AppointmentText id={p.id} value={p.value} onChange={p.onChange} disabled={p.disabled} />,
    serviceId: (p) => <ServiceItemPicker id={p.id} value={p.value} onChange={p.onChange} />,
    priority: (p) => <CodeSelect id={p.id} label="优先级" value={p.value ?? 1} options={PRIORITY_OPTIONS} onChange={p.onChange} allowClear={false} />,
    serviceLevel: (p) => <CodeSelect id={p.id} label="服务级别" value={p.value} options={SERVICE_LEVEL_OPTIONS} onChange={p.onChange} />,
    source: (p) => <CodeSelect id={p.id} label="来源" value={p.value} options={SOURCE_OPTIONS} onChange={p.onChange} />,
    saleChannel: (p) => <CodeSelect id={p.id} label="销售渠道" value={p.value} options={d.saleChannels} onChange={p.onChange} />,
    serviceGroupId: (p) => <GroupSelect id={p.id} value={p.value} onChange={p.onChange} />,
    orderLabel: (p) => <LabelSelect id={p.id} value={p.value} onChange={p.onChange} />,
    salespersonId: (p) => <PeopleInput value={p.value} onChange={p.onChange} role={5} placeholder="选择销售人员" />,
    coordinationUserId: (p) => <PeopleInput value={p.value} onChange={p.onChange} role={2} multiple placeholder="选择协作人员" />,
    duplicateUserId: (p) => <PeopleInput value={p.value} onChange={p.onChange} multiple placeholder="选择抄送人" />,
  };
}
