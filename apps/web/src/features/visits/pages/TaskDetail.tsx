// 回访详情 (/returnVisitOrder/ReturnVisitTaskDetail/{taskId}): the order's summary, its history and the customer's
// product beside the visit form (result, the plan's scores, reason, next date, note), the call timer and the SMS visit.
import { dictContract } from '@sk/shared/settings/dict.contract';
import { NEXT_VISIT_REASON_DICT, NOT_PASSED_REASON_DICT } from '@sk/shared/visits/visits.constants';
import { rvSubmitBody, type VisitSubmitBody } from '@sk/shared/visits/visits.contract';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Empty, Form, Input, Radio, Rate, Row, Select, Space, Spin, Tag, Timeline } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { UploadsGate, useUploadsGate } from '../../../components/forms/fields/uploads';
import { invalidate, useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { AfterSales } from '../../quality';
import { V } from '../api';
import { CallTimer, clock, useCallSeconds } from '../CallTimer';
import { channelLabel, dimensionLabel, stateColor, stateLabel } from '../options';
import { useVisitForm, useVisitFormState, VisitFormFields } from '../VisitForm';

/** A visit's result as submit checks it; which fields a result needs is the page's (and the server's) to say. */
const SB = rvSubmitBody.shape;
const score = (d: number) => (SB.scores.unwrap().shape as Record<string, z.ZodType>)[String(d)] as z.ZodType;

const RESULTS = [
  { value: 3, label: '回访通过' },
  { value: 5, label: '通过未评价' },
  { value: 2, label: '回访不通过' },
  { value: 4, label: '下次回访' },
];

interface Values {
  state: 2 | 3 | 4 | 5;
  scores: Record<string, number>;
  reason?: string;
  nextVisitDate?: Dayjs;
  comment?: string;
}

export default function TaskDetail() {
  const taskId = Number(useParams().taskId);
  const task = useApi(V.detail, { taskId });
  const order = useApi(V.visitOrderDetail, { taskId });
  const { seconds, ref } = useCallSeconds();
  const [form] = Form.useForm<Values>();
  const result = Form.useWatch('state', form);
  const notPassed = useApi(dictContract.codeContent, { code: NOT_PASSED_REASON_DICT });
  const nextReasons = useApi(dictContract.codeContent, { code: NEXT_VISIT_REASON_DICT });
  // The task lists stay mounted in their tabs: their rows and tab counts are refreshed before they show again.
  const refreshLists = {
    onSuccess: () => invalidate(V.list, V.myList),
  };
  const submit = useApiMutation(V.submit, refreshLists);
  const grab = useApiMutation(V.grab, refreshLists);
  const sms = useApiMutation(V.sendSms, refreshLists);
  const definition = useVisitForm(task.data?.formTemplateId);
  const extState = useVisitFormState(definition, task.data?.ext);
  // 提交回访 waits for the form's pictures and files: sent before, the visit went without them.
  const uploads = useUploadsGate();

  if (task.isLoading || order.isLoading) return <Spin />;
  if (!task.data || !order.data) return <Empty description={task.error?.message ?? '数据不存在或已被删除'} />;
  const t = task.data;
  const o = order.data;
  const open = t.abilities.includes('pass');
  // An event visit (type 6) shows the event: its number, template, principal and close time; a repair-sent visit (53)
  // the repair-sent order (its page opens from the number).
  const ev = o.order.kind === 'event';
  const repair = o.order.kind === 'repair';
  const noun = ev ? '事件' : repair ? '寄修单' : '工单';
  const recordPath = ev ? `/Myevent/eventDetail/${o.order.id}` : repair ? `/repairOrderDetail?id=${o.order.id}` : `/allOrder/orderDetail/${o.order.id}`;
  const send = async (v: Values) => {
    // A pass needs the form's required fields (the server checks them too); other results keep what was filled.
    if (!definition || uploads.uploading()) return;
    if ((v.state === 3 || v.state === 5) && !(await extState.validate()).ok) return;
    const body: VisitSubmitBody = {
      taskId,
      version: t.version,
      state: v.state,
      scores: v.scores ?? {},
      reason: v.reason ?? null,
      nextVisitDate: v.nextVisitDate ? v.nextVisitDate.format('YYYY-MM-DD') : undefined,
      comment: v.comment ?? null,
      callSeconds: ref.current,
      ext: definition.fields.length ? extState.values.ext : undefined,
    };
    submit.mutate(body);
  };
  return (
    <Row gutter={12}>
      <Col xs={24} lg={14}>
        <Card
          size="small"
          title={
            <Space>
              回访任务
              <Tag color={stateColor(t.state)}>{stateLabel(t.state)}</Tag>
            </Space>
          }
        >
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label={`${noun}编号`}>
              <Link to={recordPath}>{o.order.orderNo}</Link>
            </Descriptions.Item>
            <Descriptions.Item label={ev ? '事件模板' : '工单类型'}>{o.order.templateName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={repair ? '故障描述' : `${noun}标题`}>{o.order.title}</Descriptions.Item>
            <Descriptions.Item label="客户名称">{o.order.customerName}</Descriptions.Item>
            <Descriptions.Item label="联系人">{o.order.contactName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="联系电话">
              {o.order.contactPhone ? <a href={`tel:${o.order.contactPhone}`}>{o.order.contactPhone}</a> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="服务地址">{o.order.address ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={ev ? '负责人' : repair ? '创建人' : '服务人员'}>{o.order.engineerName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={ev ? '关闭时间' : '完成时间'}>{o.order.finishTime ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="回访计划">{t.planName}</Descriptions.Item>
            <Descriptions.Item label={repair ? '维修结果' : '详细描述'} span={2}>
              {o.order.detailDesc ?? '—'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card size="small" title="客户设备" style={{ marginTop: 12 }}>
          {o.product ? (
            <Descriptions size="small" column={3}>
              <Descriptions.Item label="设备名称">{o.product.name}</Descriptions.Item>
              <Descriptions.Item label="序列号">{o.product.serialNo ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="保修截止">{o.product.warrantyEnd ?? '—'}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`该${noun}未关联设备`} />
          )}
        </Card>
        <Card size="small" title={`${noun}记录`} style={{ marginTop: 12 }}>
          <Timeline items={o.history.map((h) => ({ children: `${h.time} ${h.userName ?? '系统'} ${h.action}${h.note ? `：${h.note}` : ''}` }))} />
          {o.earlier.length ? (
            <div>
              该客户此前的回访：
              {o.earlier.map((e) => (
                <Link key={e.id} to={`/returnVisitOrder/ReturnVisitTaskDetail/${e.id}`} style={{ marginRight: 8 }}>
                  {e.orderNo}（{stateLabel(e.state)}）
                </Link>
              ))}
            </div>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title="回访" extra={open ? <CallTimer seconds={seconds} /> : null}>
          {t.visitorId == null && t.abilities.includes('grab') ? (
            <Alert
              type="info"
              showIcon
              message="该任务在回访池中"
              action={
                <Button type="primary" size="small" loading={grab.isPending} onClick={() => grab.mutate({ taskId, version: t.version })}>
                  领取
                </Button>
              }
            />
          ) : null}
          {open ? (
            <Form<Values> form={form} layout="vertical" onFinish={send} initialValues={{ state: 3, scores: {} }}>
              <Form.Item name="state" label="回访结果" rules={rulesOf(SB.state, { required: '请选择回访结果' })}>
                <Radio.Group options={RESULTS} optionType="button" />
              </Form.Item>
              {result === 3 || result === 2
                ? t.dimensions.map((d) => (
                    <Form.Item
                      key={d}
                      name={['scores', String(d)]}
                      label={dimensionLabel(d)}
                      rules={rulesOf(score(d), { required: result === 3 ? `请为“${dimensionLabel(d)}”打分` : false })}
                    >
                      <Rate aria-label={dimensionLabel(d)} />
                    </Form.Item>
                  ))
                : null}
              {result === 2 ? (
                <Form.Item name="reason" label="不通过原因" rules={rulesOf(SB.reason, { required: '请选择不通过原因' })}>
                  <Select placeholder="请选择不通过原因" options={(notPassed.data ?? []).map((i) => ({ value: i.name, label: i.name }))} />
                </Form.Item>
              ) : null}
              {result === 4 ? (
                <>
                  <Form.Item
                    name="nextVisitDate"
                    label="下次回访日期"
                    // why: a picked day (dayjs) in the form, the contract's date text on save
                    rules={[{ required: true, message: '请选择下次回访日期' }]}
                  >
                    <DatePicker disabledDate={(d) => d.isBefore(dayjs().add(1, 'day'), 'day')} />
                  </Form.Item>
                  <Form.Item name="reason" label="下次回访原因" rules={rulesOf(SB.reason, { required: '请选择下次回访原因' })}>
                    <Select placeholder="请选择下次回访原因" options={(nextReasons.data ?? []).map((i) => ({ value: i.name, label: i.name }))} />
                  </Form.Item>
                </>
              ) : null}
              <UploadsGate gate={uploads}>
                <VisitFormFields state={extState} />
              </UploadsGate>
              <Form.Item name="comment" label="回访备注">
                <Input.TextArea rows={3} maxLength={500} showCount />
              </Form.Item>
              <Space wrap>
                {/* Not before the plan's form: a pass then skipped its required fields, and no result carried its answers. */}
                <Button type="primary" htmlType="submit" loading={submit.isPending} disabled={!definition}>
                  提交回访
                </Button>
                <Button loading={sms.isPending} onClick={() => sms.mutate({ taskId })}>
                  短信回访
                </Button>
                {t.smsSentAt ? <span style={{ color: '#888' }}>已于 {t.smsSentAt} 发送评价短信</span> : null}
              </Space>
            </Form>
          ) : t.visitorId != null ? (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="回访客服">{t.visitorName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="回访方式">{channelLabel(t.channel)}</Descriptions.Item>
              <Descriptions.Item label="回访时间">{t.returnVisitTime ?? '—'}</Descriptions.Item>
              {Object.entries(t.scores).map(([d, s]) => (
                <Descriptions.Item key={d} label={dimensionLabel(d)}>
                  <Rate disabled value={s} />
                </Descriptions.Item>
              ))}
              {t.reason ? <Descriptions.Item label="原因">{t.reason}</Descriptions.Item> : null}
              {t.nextVisitDate ? <Descriptions.Item label="下次回访日期">{t.nextVisitDate}</Descriptions.Item> : null}
              {t.comment ? <Descriptions.Item label="备注">{t.comment}</Descriptions.Item> : null}
              {t.extFields.map((f) => (
                <Descriptions.Item key={f.id} label={f.tfname}>
                  {f.tfvvalue || '—'}
                </Descriptions.Item>
              ))}
              {t.callSeconds ? <Descriptions.Item label="通话时长">{clock(t.callSeconds)}</Descriptions.Item> : null}
              {t.followUpOrderId ? (
                <Descriptions.Item label="跟进工单">
                  <Link to={`/allOrder/orderDetail/${t.followUpOrderId}`}>{t.followUpOrderNo}</Link>
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          ) : null}
        </Card>
        {t.state === 2 ? (
          // A failed visit: 生成寄修单 (source 3, the visit task) for whoever holds 寄修单, and the orders raised from it.
          <div style={{ marginTop: 12 }}>
            <AfterSales source={{ visitTaskId: taskId }} serial={o.product?.serialNo ?? null} />
          </div>
        ) : null}
        <Card size="small" title="回访记录" style={{ marginTop: 12 }}>
          <Timeline
            items={t.log.map((l) => ({
              children: `${l.time} ${l.userName ?? (l.action === 'create' || l.action === 'due' ? '系统' : '客户')} ${l.action === 'create' ? '生成回访任务' : stateLabel(l.toState)}${l.note ? `：${l.note}` : ''}`,
            }))}
          />
        </Card>
      </Col>
    </Row>
  );
}
