import { EVENT_PRIORITIES } from '@sk/shared/events/events.constants';
import { formsContract } from '@sk/shared/forms/forms.contract';
import type { ExtValues } from '@sk/shared/forms/forms.schema';
import { Alert, Button, Card, Form, Input, Radio, Select, Space, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { EventDetail } from '@sk/shared/events/events.contract';
import { type ExtCheck, TemplateExtFields, type TemplateExtFieldsProps } from '../../../components/forms/TemplateExtFields';
import { UploadsGate, useUploadsGate } from '../../../components/forms/fields/uploads';
import { call } from '../../../lib/api';
import { labelOptions } from '../../../lib/options';
import { useApi } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { CustomerSelect } from '../../customers';
import { eventContract, eventPath } from '../api';
import '../events.css';

interface Values {
  templateId?: number;
  customerId?: number | null;
  customLinkPerson?: string;
  customPhone?: string;
  mapName?: string;
  title: string;
  description?: string;
  priority: number;
}

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** The event template's custom fields. */
function ExtFields(p: Omit<TemplateExtFieldsProps, 'info'> & { templateId: number }) {
  const info = useApi(formsContract.eventCusTempField, { tmpId: p.templateId }, { staleTime: 0, call: { silent: true } });
  return <TemplateExtFields info={info} check={p.check} initial={p.initial} onReady={p.onReady} />;
}

/** 新建事件, and 复制事件 (/Myevent/copyeventDetail/:eventId/:code?): the copy starts from the source's fields. */
export default function NewEvent() {
  const { eventId } = useParams();
  const id = Number(eventId);
  const source = useApi(eventContract.detailed, { id }, { enabled: !!eventId });
  if (!eventId) return <EventForm />;
  if (source.isError) return <Alert type="error" showIcon message="源事件不存在或已被删除" />;
  return source.data ? <EventForm source={source.data} /> : <Spin style={{ margin: 48 }} />;
}

/** Query customerId, customerProductId, customerProductName, productId, customerName, belongCallRecordId pre-fill it. */
function EventForm({ source }: { source?: EventDetail }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const checkExt = useRef<ExtCheck | null>(null);
  const [extReady, setExtReady] = useState(false);
  // 保存 waits for the custom fields' pictures and files: saved before, it went without them.
  const uploads = useUploadsGate();
  const templates = useApi(formsContract.eventTempList, { pageIndex: 0, pageSize: 100, enabled: 1 } as never, { call: { silent: true } });
  const list = templates.data?.list ?? [];
  const templateId = Form.useWatch('templateId', form) ?? source?.templateId ?? list[0]?.id;
  const pre = source
    ? {
        customerId: source.customerId ?? undefined,
        customerName: source.customName,
        customerProductId: source.customerProductId ?? undefined,
        customerProductName: source.customerProductName,
        productId: source.productId ?? undefined,
        belongCallRecordId: undefined,
      }
    : {
        customerId: num(params.get('customerId')),
        customerName: params.get('customerName'),
        customerProductId: num(params.get('customerProductId')),
        customerProductName: params.get('customerProductName'),
        productId: num(params.get('productId')),
        belongCallRecordId: num(params.get('belongCallRecordId')),
      };
  const initial: Partial<Values> = source
    ? {
        templateId: source.templateId,
        customerId: source.customerId,
        customLinkPerson: source.customLinkperson ?? undefined,
        customPhone: source.customPhone ?? undefined,
        mapName: source.mapName ?? undefined,
        title: source.title,
        description: source.description ?? undefined,
        priority: source.priority,
      }
    : { priority: 1, customerId: pre.customerId };

  const save = async () => {
    if (uploads.uploading()) return;
    const v = await form.validateFields();
    const ext = checkExt.current ? await checkExt.current() : {};
    if (ext === null) return;
    setSaving(true);
    try {
      const r = await call(
        eventContract.add,
        {
          ...v,
          templateId,
          ext,
          customerProductId: pre.customerProductId,
          productId: pre.productId,
          belongCallRecordId: pre.belongCallRecordId,
          copiedFrom: source?.id,
          serviceId: source?.serviceId ?? undefined,
          eventLabel: source?.tags.map((t) => t.id),
        },
        { successToast: true },
      );
      navigate(eventPath(r.id));
    } catch {
      // the call has shown its message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={source ? `复制事件（${source.eventNo}）` : '新建事件'} size="small" className="sk-event-new">
      {pre.customerProductName ? <Alert type="info" showIcon style={{ marginBottom: 12 }} message={`关联产品：${pre.customerProductName}`} /> : null}
      <Form<Values> form={form} layout="vertical" initialValues={initial}>
        <div className="sk-event-grid">
          <Form.Item name="templateId" label="事件模板">
            <Select placeholder={list[0]?.name} loading={templates.isLoading} options={list.map((t) => ({ value: t.id, label: t.name }))} />
          </Form.Item>
          <Form.Item name="customerId" label="客户" extra={pre.customerName && pre.customerId ? `来自：${pre.customerName}` : '内部事件可不选客户'}>
            {/* Its own picker call (power 新建事件): whoever may start an event may name its customer without the customer list's power. */}
            <CustomerSelect source={eventContract.customerOptions} />
          </Form.Item>
          <Form.Item name="customLinkPerson" label="联系人" extra="不填则使用客户的主联系人">
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="customPhone" label="联系电话">
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="title" label="事件标题" rules={rulesOf(eventContract.add.body.shape.title)}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="priority" label="优先级">
            <Radio.Group options={labelOptions(EVENT_PRIORITIES)} />
          </Form.Item>
          <Form.Item name="mapName" label="地图位置">
            <Input maxLength={200} />
          </Form.Item>
        </div>
        <Form.Item name="description" label="事件描述">
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
      </Form>
      {templateId ? (
        <UploadsGate gate={uploads}>
          <ExtFields
            key={templateId}
            templateId={templateId}
            check={checkExt}
            initial={source?.templateId === templateId ? (source.ext as ExtValues) : undefined}
            onReady={setExtReady}
          />
        </UploadsGate>
      ) : null}
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={saving} disabled={templates.isPending || (!!templateId && !extReady)} onClick={save}>
          保存
        </Button>
        <Button onClick={() => navigate(-1)}>取消</Button>
      </Space>
    </Card>
  );
}
