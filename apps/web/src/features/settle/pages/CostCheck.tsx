import { dictContract } from '@sk/shared/settings/dict.contract';
import { CHECK_CHOICES } from '@sk/shared/settle/claims.machine';
import type { FeeClaimRow } from '@sk/shared/settle/claims.contract';
import { yuanOf } from '@sk/shared/settle/settle.contract';
import { Button, Card, Form, Input, InputNumber, Radio, Select, Tabs } from 'antd';
import { useState } from 'react';
import { type ListColumn, ListPage, RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { fetchCostChecks, K, yuan } from '../api';
import { claimColumns } from '../components/claimBits';

/** A check as the contract checks it (the amount in yuan here, in cents there): the form's rules are the contract's. */
const CK = K.check.body.shape;
const REASON_DICT = 'cost_check_reason';

/** 费用审核: approved transport fees whose claimed distance went past the straight line's tolerance, decided with a reason. */
export default function CostCheck() {
  const [tab, setTab] = useState<'1' | '2'>('1');
  const [row, setRow] = useState<FeeClaimRow | null>(null);
  const columns: ListColumn<FeeClaimRow>[] = [
    ...claimColumns().filter((c) => c.key !== 'state'),
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 90,
      render: (_: unknown, r) =>
        r.checkState === 1 ? (
          <Button type="link" size="small" onClick={() => setRow(r)}>
            审核
          </Button>
        ) : null,
    },
  ];
  return (
    <Card title="费用审核" size="small">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as '1' | '2')}
        items={[
          { key: '1', label: '待审核' },
          { key: '2', label: '已审核' },
        ]}
      />
      <ListPage<FeeClaimRow>
        key={tab}
        title="费用审核"
        routeKey={`/CostCheck#${tab}`}
        columns={columns}
        fetch={fetchCostChecks}
        params={{ checkState: Number(tab) }}
        sort={false}
        searchPlans={false}
        phoneCard={['claimNo', 'orderNo', 'amountCents', 'computedCents', 'actions']}
      />
      <CheckDialog row={row} onClose={() => setRow(null)} />
    </Card>
  );
}

/**
 * What the claim was measured against. Without a straight-line distance (the order or the provider has no map
 * position) the computed amount is only the claimed one, and the clerk is told so instead of seeing it as a result.
 */
export function checkBasis(row: FeeClaimRow | null): string {
  const claimed = `申请金额 ${yuan(row?.amountCents ?? 0)}`;
  if (row?.computedM == null) return `${claimed}；缺少地图位置，无法按直线距离核算，请按凭证审核`;
  const km = (m: number) => `${(m / 1000).toFixed(1)} 公里`;
  const distance = row.claimedM != null ? `申请里程 ${km(row.claimedM)}，直线距离 ${km(row.computedM)}` : `直线距离 ${km(row.computedM)}`;
  return `${claimed}（${distance}），按直线距离核算 ${yuan(row.computedCents)}`;
}

function CheckDialog({ row, onClose }: { row: FeeClaimRow | null; onClose: () => void }) {
  const reasons = useApi(dictContract.codeContent, { code: REASON_DICT }, { enabled: !!row });
  const check = useApiMutation(K.check); // the check list refreshes through staleAfter (api.ts)
  return (
    <RecordFormDialog<{ choice: 1 | 2 | 3; amount?: number; reason: string; note?: string }>
      open={!!row}
      name="costCheck"
      title={`费用审核：${row?.claimNo ?? ''}`}
      okText="提交"
      initialValues={{ choice: row?.computedM == null ? 1 : 2 }}
      onClose={onClose}
      onSubmit={(v) =>
        check.mutateAsync({
          id: row!.id,
          choice: v.choice,
          amountCents: v.choice === 3 && v.amount != null ? Math.round(v.amount * 100) : null,
          reason: v.reason,
          note: v.note || null,
        })
      }
    >
      <p>{checkBasis(row)}</p>
      <Form.Item name="choice" label="审核结果" rules={rulesOf(CK.choice, { required: '请选择审核结果' })}>
        <Radio.Group options={labelOptions(CHECK_CHOICES)} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.choice !== b.choice}>
        {({ getFieldValue }) =>
          getFieldValue('choice') === 3 ? (
            <Form.Item name="amount" label="审核金额（元）" rules={rulesOf(yuanOf(CK.amountCents), { required: '请填写审核金额' })}>
              <InputNumber min={0} max={100000} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          ) : null
        }
      </Form.Item>
      <Form.Item name="reason" label="审核原因" rules={rulesOf(CK.reason, { required: '请选择审核原因' })}>
        <Select placeholder="请选择" options={(reasons.data ?? []).map((r) => ({ value: r.name, label: r.name }))} />
      </Form.Item>
      <Form.Item name="note" label="备注">
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </RecordFormDialog>
  );
}
