import { PlusOutlined } from '@ant-design/icons';
import { POWERS } from '@sk/shared/auth/powers';
import { formsContract } from '@sk/shared/forms/forms.contract';
import type { FormInfo } from '@sk/shared/forms/forms.views';
import { ORDER_STATES } from '@sk/shared/orders/orders.constants';
import { orderContract } from '@sk/shared/orders/orders.contract';
import type { ResponseOf } from '@sk/shared/common/contract';
import { orderCreateContract } from '@sk/shared/orders/order.create.contract';
import { type EventDetail, eventContract } from '@sk/shared/events/events.contract';
import { Alert, App, Button, Card, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components';
import { FormRenderer, type FormValues, useFormRenderer } from '../../../components/forms';
import { call } from '../../../lib/api';
import { apiKey, invalidate, queryClient, useApi } from '../../../lib/query';
import { useCan, useSessionUser } from '../../../lib/session';
import { CustomerSelect } from '../../customers';
import { rememberFile } from '../../../components/forms/fields/files';
import { UploadsGate, useUploadsGate } from '../../../components/forms/fields/uploads';
import { bodyOf, checkedDefinition, definitionOf, eventPrefill, openEventNote } from './fields';
import { faultFill } from './pasteFault';
import { useSaleChannels } from './options';
import { orderFieldWidgets, type Widgets } from './widgets';
import { QuickCustomer } from './QuickCustomer';
import { CreateOrderKnowledge } from '../../knowledge';
import './create.css';

const orderDetailPath = (id: number) => `/allOrder/orderDetail/${id}`;

type Duplicates = ResponseOf<typeof orderCreateContract.duplicateCheck>;

/** Open orders of the customer and type: the warning above the form, with links to them. */
function DuplicateWarning({ d }: { d: Duplicates | undefined }) {
  if (!d?.count) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="duplicate-warning"
      style={{ marginBottom: 12 }}
      title={`该客户已有${d.count}个未完成的同类工单，请确认是否重复报单`}
      description={
        <Space orientation="vertical" size={2}>
          {d.list.map((o) => (
            <Link key={o.id} to={orderDetailPath(o.id)}>
              {o.orderNo} {o.title}（{ORDER_STATES[o.state as keyof typeof ORDER_STATES]?.label ?? o.state}，{o.create_time}）
            </Link>
          ))}
        </Space>
      }
    />
  );
}

interface FormProps {
  info: FormInfo;
  initial: FormValues;
  productFromUrl: number | null;
  /** The event being converted: sent with the order so both link to each other. */
  eventId: number | null;
  /** The call the order is taken from (新建工单 on the call's pop) and its caller's contact: the call links to the order. */
  call?: { id: number; contactId: number | null } | null;
  onValues: (v: FormValues) => void;
}

/** One order type's form: the fixed fields with their pickers and the type's custom fields, in the spec's groups. */
function OrderForm({ info, initial, productFromUrl, eventId, call: fromCall, onValues }: FormProps) {
  const user = useSessionUser();
  const can = useCan();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const roles = useMemo(() => (user?.sysrole ? [user.sysrole] : []), [user?.sysrole]);
  const definition = useMemo(() => definitionOf(info), [info]);
  const checked = useMemo(() => checkedDefinition(definition), [definition]);
  const form = useFormRenderer(checked, initial, { isNew: true, roles });
  const [contactId, setContactId] = useState<number | null>(null);
  const [quick, setQuick] = useState(false);
  const [saving, setSaving] = useState(false);
  const [faultModeId, setFaultModeId] = useState<number | null>(null);
  const saleChannels = useSaleChannels();
  const system = form.values.system;
  const customerId = typeof system.customerId === 'number' ? system.customerId : null;
  const ctx = useApi(orderCreateContract.customerContext, { customerId: customerId ?? 0 }, { enabled: !!customerId });
  const context = ctx.data && ctx.data.customer.id === customerId ? ctx.data : undefined;
  const checkDup = !!customerId && !!info.templateId;
  const dup = useApi(
    orderCreateContract.duplicateCheck,
    { customerId: customerId ?? 0, templateId: info.templateId },
    { enabled: checkDup, call: { silent: true } },
  );
  // 保存 waits for the check: saved before it answered, a duplicate went without the warning.
  const dupPending = checkDup && dup.isPending;
  // 保存 waits for the 附件 and picture fields' files too: saved before, the order went without them.
  const uploads = useUploadsGate();

  useEffect(() => onValues(form.values), [form.values, onValues]);

  // A newly chosen customer brings its primary contact, default address and (from a product page) the product.
  // (A form remounted for another order type keeps what was filled in.)
  const filledFor = useRef<number | null>(initial.system.customLinkPerson || initial.system.gpsAddr ? customerId : null);
  useEffect(() => {
    if (!context || filledFor.current === context.customer.id) return;
    filledFor.current = context.customer.id;
    const contact = context.contacts.find((c) => c.id === fromCall?.contactId) ?? context.contacts.find((c) => c.isPrimary) ?? context.contacts[0];
    const address = context.addresses.find((a) => a.isDefault) ?? context.addresses[0];
    const product = context.products.find((p) => p.id === productFromUrl);
    setContactId(contact?.id ?? null);
    form.setValues({
      ...form.values,
      system: {
        ...form.values.system,
        customLinkPerson: contact?.name ?? null,
        customPhone: contact?.phone ?? null,
        gpsAddr: product?.addressId ? { addressId: product.addressId } : address ? { addressId: address.id } : null,
        productId: product?.id ?? null,
      },
    });
  }, [context, form, productFromUrl, fromCall?.contactId]);

  const set = (patch: Record<string, unknown>) => form.setValues({ ...form.values, system: { ...form.values.system, ...patch } });

  const widgets: Widgets = {
    customerId: (p) => (
      <Space.Compact style={{ width: '100%', display: 'flex' }}>
        {/* The select takes what the button leaves (a phone's card ended under 快速新建). */}
        <CustomerSelect
          style={{ flex: 1, minWidth: 0, width: 'auto' }}
          id={p.id}
          source={orderCreateContract.customerOptions}
          value={customerId}
          onChange={(id) => set({ customerId: id, productId: null, gpsAddr: null, customLinkPerson: null, customPhone: null })}
        />
        {can(POWERS.customerAdd) ? (
          <Button icon={<PlusOutlined />} onClick={() => setQuick(true)}>
            快速新建
          </Button>
        ) : null}
      </Space.Compact>
    ),
    ...orderFieldWidgets({ context, saleChannels, onContact: setContactId, set, refetchContext: () => void invalidate(orderCreateContract.customerContext) }),
  };

  const create = async (body: ReturnType<typeof bodyOf>) => {
    setSaving(true);
    try {
      const r = await call(
        orderContract.add,
        { ...body, ...(eventId ? { eventId } : {}), ...(fromCall ? { belongCallRecordId: fromCall.id } : {}) },
        { successToast: true },
      );
      await queryClient.invalidateQueries({ queryKey: apiKey(orderCreateContract.duplicateCheck) });
      // The event now links to the order and its flow has the conversion.
      if (eventId) for (const e of [eventContract.detailed, eventContract.messageList]) await queryClient.invalidateQueries({ queryKey: apiKey(e) });
      navigate(orderDetailPath(r.id));
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  const save = async () => {
    if (uploads.uploading()) return;
    const r = await form.validate();
    if (!r.ok) return;
    const body = { ...bodyOf(info.templateId, { ...form.values.system, ...r.system }, r.ext, contactId), faultModeId };
    const count = dup.data?.count;
    if (!count) return create(body);
    modal.confirm({
      title: '可能重复报单',
      content: `该客户已有${count}个未完成的同类工单，仍要创建吗？`,
      okText: '仍要创建',
      cancelText: '取消',
      onOk: () => create(body),
    });
  };

  return (
    <>
      <DuplicateWarning d={checkDup ? dup.data : undefined} />
      <UploadsGate gate={uploads}>
        <FormRenderer {...form.props} definition={definition} fixedWidgets={widgets} roles={roles} />
      </UploadsGate>
      <CreateOrderKnowledge
        installedProductId={typeof system.productId === 'number' ? system.productId : null}
        faultModeId={faultModeId}
        onFault={setFaultModeId}
      />
      <div className="sk-create-order-actions">
        <Button onClick={() => navigate(-1)}>取消</Button>
        <Button type="primary" loading={saving} disabled={dupPending} onClick={save}>
          保存
        </Button>
      </div>
      <QuickCustomer
        open={quick}
        onClose={() => setQuick(false)}
        onCreated={(id) => set({ customerId: id, productId: null, gpsAddr: null })}
        onDescription={(text) => {
          // The pasted problem becomes the description unless one is written already, the title when it is empty,
          // and picks the fault type it names.
          const { system: sys, ext } = form.values;
          const fill = faultFill(text, definition.fields, sys, ext);
          form.setValues({
            system: { ...sys, ...(String(sys.detailDesc ?? '').trim() ? {} : { detailDesc: text }), ...(fill.title ? { title: fill.title } : {}) },
            ext: { ...ext, ...fill.ext },
          });
        }}
      />
    </>
  );
}

const num = (v: string | null) => (v && Number(v) > 0 ? Number(v) : null);

/** What the form starts with: the customer of the link, or everything an event being converted knows. */
function startValues(params: URLSearchParams, event: EventDetail | undefined): FormValues {
  if (!event) return { system: { customerId: num(params.get('customerId')), priority: 1 }, ext: {} };
  for (const f of event.attachments) rememberFile({ id: f.id, name: f.name, url: f.url, ext: f.name.split('.').pop() ?? '', mime: '', size: 0, kind: 'doc' });
  return { system: eventPrefill(event), ext: {} };
}

/** /createOrder (?customerId, customerProductId, orderType, eventId, belongCallRecordId, contactId): choose the order type, fill its form, save → the order's detail. */
export default function CreateOrder() {
  const [params] = useSearchParams();
  const types = useApi(formsContract.orderTypeList);
  const list = types.data ?? [];
  const [chosen, setChosen] = useState<number | null>(num(params.get('orderType')));
  const templateId = list.some((t) => t.id === chosen) ? chosen : ((list.find((t) => t.isDefault) ?? list[0])?.id ?? null);
  const info = useApi(formsContract.dcFormInfo, { type: 1, tmpId: templateId ?? undefined }, { enabled: !!templateId, staleTime: 0 });
  const eventId = num(params.get('eventId'));
  const event = useApi(eventContract.detailed, { id: eventId ?? 0 }, { enabled: !!eventId });
  const values = useRef<FormValues | null>(null);
  const callId = num(params.get('belongCallRecordId'));
  const fromCall = useMemo(() => (callId ? { id: callId, contactId: num(params.get('contactId')) } : null), [callId, params]);

  if (types.isPending || (eventId && event.isPending)) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (eventId && !event.data) return <EmptyState description="事件不存在或已被删除" />;
  if (event.data?.order) return <EmptyState description={`该事件已转为工单 ${event.data.order.orderNo}`} />;
  values.current ??= startValues(params, event.data);
  if (!list.length) return <EmptyState description="暂无可用的工单类型，请在工单设置中启用" />;
  return (
    <Card
      size="small"
      className="sk-create-order"
      title="新建工单"
      extra={
        <Space>
          <Typography.Text type="secondary" className="sk-create-order-type-label">
            工单类型
          </Typography.Text>
          <Select<number>
            value={templateId ?? undefined}
            style={{ minWidth: 160 }}
            options={list.map((t) => ({ value: t.id, label: t.name }))}
            onChange={setChosen}
            aria-label="工单类型"
          />
        </Space>
      }
    >
      {event.data ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="from-event"
          title={`由事件 ${event.data.eventNo}「${event.data.title}」转为工单，保存后两者互相关联${openEventNote(event.data.state)}`}
        />
      ) : null}
      {fromCall ? (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} data-testid="from-call" title="由来电新建工单：保存后工单关联该通话记录（含录音）" />
      ) : null}
      {info.data && info.data.templateId === templateId ? (
        <OrderForm
          key={`${info.data.templateId}:${info.data.versionId}`}
          info={info.data}
          initial={{ system: values.current.system, ext: {} }}
          productFromUrl={num(params.get('customerProductId'))}
          eventId={eventId}
          call={fromCall}
          onValues={(v) => {
            values.current = v;
          }}
        />
      ) : (
        <Spin style={{ display: 'block', margin: 48 }} />
      )}
    </Card>
  );
}
