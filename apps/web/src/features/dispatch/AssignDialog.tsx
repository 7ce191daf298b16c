// 派单 / 批量派单: one order or several to an engineer (with each candidate's load beside the name) or to a provider.
import { ASSIGNABLE_PARTNER_TYPES } from '@sk/shared/dispatch/dispatch.constants';
import { type BatchDispatchResult, batchDispatchSummary, type CandidateRow } from '@sk/shared/dispatch/dispatch.contract';
import { teamContract } from '@sk/shared/org/team.contract';
import { dispatchFields } from '@sk/shared/orders/order.actions.contract';
import { Alert, App, Button, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { type Person, PersonField, RecordFormDialog } from '../../components';
import { toast } from '../../components/toast';
import { call } from '../../lib/api';
import { useApi } from '../../lib/query';
import { useUser } from '../../lib/session';
import { rulesOf } from '../../lib/zodRules';
import { dispatchContract, orderActionsContract } from './api';
import { Suggestions } from './Suggestions';

export interface AssignTarget {
  /** The orders to assign; one order is a plain dispatch, several a batch designate. */
  orderIds: number[];
  /** What the desk showed of a single order (a moved order answers 数据已变更). */
  expectedState?: number;
  /**
   * Each order on its own (全部工单's 批量派单): one refusal leaves the others dispatched, and the answer lists how each
   * went. `expectedStates` are the states the list showed, in the order of `orderIds`. Without it a batch is all or none.
   */
  each?: { expectedStates: number[] };
  serviceGroupId?: number | null;
  title: string;
}

/**
 * The dispatch body's fields: the form's rules are the contract's. The picks are ids (numbers), so their required rule is
 * a plain one: `rulesOf`'s `required` adds `whitespace`, which makes antd check the value as a string and refuse a number.
 */
const rules = dispatchFields.shape;

interface Values {
  mode: 'user' | 'provider';
  serviceUserId?: number;
  providerId?: number;
  collaborators?: Person[];
  note?: string;
}

/** A candidate as the select shows it: the name, then the open orders and today's appointments. */
export const candidateLabel = (c: CandidateRow): string =>
  `${c.name}${c.providerName ? `（${c.providerName}）` : ''}　进行中 ${c.openCount} · 今日预约 ${c.todayCount}`;

function CandidateSelect(p: { value?: number; onChange?: (v: number) => void; groupId?: number | null }) {
  const [keyword, setKeyword] = useState('');
  const [ownGroup, setOwnGroup] = useState(!!p.groupId);
  const list = useApi(dispatchContract.candidates, {
    keyword: keyword || undefined,
    serviceGroupId: ownGroup ? (p.groupId ?? undefined) : undefined,
    pageSize: 50,
  });
  return (
    <>
      <Select<number>
        value={p.value}
        onChange={p.onChange}
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        loading={list.isFetching}
        placeholder="搜索姓名或手机号"
        aria-label="选择服务人员"
        options={(list.data?.list ?? []).map((c) => ({ value: c.id, label: candidateLabel(c) }))}
      />
      {p.groupId ? (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setOwnGroup(!ownGroup)}>
          {ownGroup ? '显示全部服务人员' : '只看工单所属团队'}
        </Button>
      ) : null}
    </>
  );
}

function Recommendation({ orderId, onUse }: { orderId: number; onUse: (v: Partial<Values>) => void }) {
  const r = useApi(dispatchContract.defaultUser, { orderId }, { call: { silent: true } });
  const a = r.data;
  if (!a || a.source === 'none') return null;
  const who = a.userName ?? a.providerName;
  const why = a.source === 'rule' ? `派单规则「${a.ruleName}」` : '默认派单';
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={`推荐派给：${who}（依据${why}）`}
      action={
        <Button
          size="small"
          onClick={() => onUse(a.userId ? { mode: 'user', serviceUserId: a.userId } : { mode: 'provider', providerId: a.providerId ?? undefined })}
        >
          采用
        </Button>
      }
    />
  );
}

/** The dialog; closes and calls `onDone` once the server says 派单成功 (a refusal keeps it open with the values). */
export function AssignDialog({ target, onClose, onDone }: { target: AssignTarget | null; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  // A provider's own user (user_type 1) dispatches its orders to its engineers only (the server refuses the rest).
  const outsourced = useUser().userType === 1;
  const providers = useApi(teamContract.providerSimpleList, {}, { enabled: !!target && !outsourced, call: { silent: true } });
  const mode = Form.useWatch('mode', form) ?? 'user';
  const single = target?.orderIds.length === 1 && !target.each;
  const { modal } = App.useApp();

  /** All done: a toast. Some refused: a dialog that names each refused order and why (the rest are dispatched). */
  const showBatchResult = (r: BatchDispatchResult) => {
    const summary = batchDispatchSummary(r);
    if (r.failCount === 0) {
      toast.success(`批量派单完成：${summary}`);
      return;
    }
    modal.warning({
      title: `批量派单完成：${r.successCount} 条成功，${r.failCount} 条失败`,
      content: (
        <ul className="sk-batch-result" aria-label="派单失败的工单">
          {r.results
            .filter((x) => !x.success)
            .map((x) => (
              <li key={x.orderId}>
                {x.orderNo}：{x.message}
              </li>
            ))}
        </ul>
      ),
      okText: '知道了',
    });
  };

  // A refusal rejects: the request client has shown the server's message and the dialog keeps the values.
  const submit = async (v: Values) => {
    if (!target) return;
    const who =
      v.mode === 'provider' ? { providerId: v.providerId } : { serviceUserId: v.serviceUserId, coordinationUserId: (v.collaborators ?? []).map((p) => p.id) };
    if (target.each) {
      const r = await call(dispatchContract.batchDispatch, { orderIds: target.orderIds, expectedStates: target.each.expectedStates, note: v.note, ...who });
      showBatchResult(r);
    } else if (single)
      await call(
        orderActionsContract.dispatch,
        { orderId: target.orderIds[0] as number, expectedState: target.expectedState, note: v.note, ...who },
        { successToast: true },
      );
    else await call(dispatchContract.batchDesignate, { orderIds: target.orderIds, note: v.note, ...who }, { successToast: true });
    onDone();
  };

  return (
    <RecordFormDialog<Values>
      open={!!target}
      title={single ? `派单：${target?.title}` : `批量派单（${target?.orderIds.length ?? 0} 个工单）`}
      okText="确定派单"
      form={form}
      initialValues={{ mode: 'user' }}
      onSubmit={submit}
      onClose={onClose}
    >
      {single && target && !outsourced ? <Recommendation orderId={target.orderIds[0] as number} onUse={(v) => form.setFieldsValue(v)} /> : null}
      {single && target && !outsourced ? <Suggestions orderId={target.orderIds[0] as number} onBooked={onDone} /> : null}
      {outsourced ? null : (
        <Form.Item name="mode" label="派给">
          <Radio.Group
            options={[
              { value: 'user', label: '服务人员' },
              { value: 'provider', label: '外包服务商' },
            ]}
          />
        </Form.Item>
      )}
      {mode === 'user' ? (
        <>
          <Form.Item name="serviceUserId" label="服务人员" rules={[{ required: true, message: '请选择服务人员' }, ...rulesOf(rules.serviceUserId)]}>
            <CandidateSelect groupId={target?.serviceGroupId} />
          </Form.Item>
          <Form.Item name="collaborators" label="协作人员">
            <PersonField role={2} multiple placeholder="选择协作人员" />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          name="providerId"
          label="服务商"
          rules={[{ required: true, message: '请选择服务商' }, ...rulesOf(rules.providerId)]}
          extra="派给服务商后，由服务商的派单员指派服务人员"
        >
          <Select<number>
            aria-label="选择服务商"
            placeholder="请选择服务商"
            showSearch={{ optionFilterProp: 'label' }}
            options={(providers.data ?? [])
              .filter((p) => (ASSIGNABLE_PARTNER_TYPES as readonly number[]).includes(p.partnerType))
              .map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
      )}
      <Form.Item name="note" label="备注" rules={rulesOf(rules.note)}>
        <Input.TextArea rows={2} maxLength={500} showCount placeholder="派单说明（记入工单日志）" />
      </Form.Item>
    </RecordFormDialog>
  );
}
