// 派单规则: the rules tried in order on every new order.
import { RULE_KINDS, RULE_TARGET_IDS, TARGET_TYPES } from '@sk/shared/dispatch/dispatch.constants';
import { type DispatchRuleRow, ruleBody } from '@sk/shared/dispatch/dispatch.contract';
import { formsContract } from '@sk/shared/forms/forms.contract';
import { Button, Card, Form, Input, InputNumber, Popconfirm, Radio, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { RecordFormDialog } from '../../../components';
import { call } from '../../../lib/api';
import { labelOptions } from '../../../lib/options';
import { invalidate, useApi } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { AreaCascader } from '../../customers';
import { dispatchContract } from '../api';
import { GroupSelect, personValue, type TargetValues, TargetFields, targetBody } from './targets';

/** A dispatch rule's fields as the contract checks them: the form's rules are the contract's. */
const RF = ruleBody.shape;

interface RuleValues extends TargetValues {
  name: string;
  kind: number;
  templateId?: number;
  area?: string[];
  groupId?: number;
  category?: string;
  sort: number;
  enabled: boolean;
}

/** The rule's condition in words. */
export function conditionText(r: DispatchRuleRow): string {
  if (r.kind === 1) return `工单类型：${r.templateName ?? ''}`;
  if (r.kind === 2) return `服务区域：${r.areaName ?? r.areaCode ?? ''}`;
  if (r.kind === 3) return `服务团队：${r.groupName ?? ''}`;
  return `产品分类：${r.category ?? ''}`;
}

/** Whom the rule names, in words. */
export function targetText(r: Pick<DispatchRuleRow, 'targetType' | 'targetUserName' | 'targetGroupName' | 'targetProviderName'>): string {
  if (r.targetType === 1) return `服务人员：${r.targetUserName ?? ''}`;
  if (r.targetType === 2) return `${r.targetGroupName ?? ''}（负载最低）`;
  if (r.targetType === 3) return `服务商：${r.targetProviderName ?? ''}`;
  return TARGET_TYPES[4];
}

function ConditionField() {
  const kind = Form.useWatch('kind');
  const types = useApi(formsContract.orderTypeList, undefined, { call: { silent: true } });
  if (kind === 1) {
    return (
      <Form.Item name="templateId" label="工单类型" rules={rulesOf(RF.templateId, { required: '请选择工单类型' })}>
        <Select aria-label="工单类型" placeholder="请选择工单类型" options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
      </Form.Item>
    );
  }
  if (kind === 2) {
    return (
      <Form.Item
        name="area"
        label="服务区域"
        // why: a cascader path, turned into the contract's areaCode on save
        rules={[{ required: true, type: 'array', min: 1, message: '请选择服务区域' }]}
        extra="可只选省或市，匹配其下所有地址"
      >
        <AreaCascader />
      </Form.Item>
    );
  }
  if (kind === 3) {
    return (
      <Form.Item name="groupId" label="工单所属服务团队" rules={rulesOf(RF.groupId, { required: '请选择服务团队' })}>
        <GroupSelect label="匹配团队" />
      </Form.Item>
    );
  }
  return (
    <Form.Item name="category" label="产品分类" rules={rulesOf(RF.category, { required: '请输入产品分类' })} extra="与产品库中产品的分类相同时匹配">
      <Input maxLength={50} placeholder="如：空调" />
    </Form.Item>
  );
}

/** A saved rule as the form holds it (the area as the codes down to it). */
export const valuesOf = (r: DispatchRuleRow): RuleValues => {
  const code = r.areaCode ?? '';
  return {
    name: r.name,
    kind: r.kind,
    templateId: r.templateId ?? undefined,
    area: code ? [code.slice(0, 2), code.slice(0, 4), code].filter((c, i, a) => c.length === (i + 1) * 2 && a.indexOf(c) === i) : undefined,
    groupId: r.groupId ?? undefined,
    category: r.category ?? undefined,
    targetType: r.targetType,
    targetUser: personValue(r.targetUserId, r.targetUserName),
    targetGroupId: r.targetGroupId,
    targetProviderId: r.targetProviderId,
    sort: r.sort,
    enabled: r.enabled,
  };
};

export const bodyOf = (v: RuleValues) => ({
  name: v.name,
  kind: v.kind,
  templateId: v.templateId ?? null,
  areaCode: v.area?.at(-1) ?? null,
  groupId: v.groupId ?? null,
  category: v.category ?? null,
  sort: v.sort ?? 0,
  enabled: v.enabled ?? true,
  ...targetBody(v),
});

export function RuleTable({ editable }: { editable: boolean }) {
  const rules = useApi(dispatchContract.ruleList);
  const [editing, setEditing] = useState<DispatchRuleRow | 'new' | null>(null);
  const save = async (v: RuleValues) => {
    if (editing === 'new') await call(dispatchContract.ruleCreate, bodyOf(v), { successToast: true });
    else if (editing) await call(dispatchContract.ruleUpdate, { id: editing.id, ...bodyOf(v) }, { successToast: true });
    await invalidate(dispatchContract.ruleList);
  };
  const remove = async (id: number) => {
    await call(dispatchContract.ruleDelete, { ids: [id] }, { successToast: true }).catch(() => undefined);
    await invalidate(dispatchContract.ruleList);
  };
  return (
    <Card
      size="small"
      title="派单规则"
      extra={
        editable ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            新增规则
          </Button>
        ) : null
      }
    >
      <Table<DispatchRuleRow>
        rowKey="id"
        size="small"
        loading={rules.isFetching}
        dataSource={rules.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无派单规则：新工单按默认派单分配' }}
        columns={[
          { key: 'sort', title: '顺序', dataIndex: 'sort', width: 70 },
          { key: 'name', title: '规则名称', dataIndex: 'name', minWidth: 150 },
          { key: 'kind', title: '匹配条件', minWidth: 200, render: (_, r) => conditionText(r) },
          { key: 'target', title: '派给', minWidth: 180, render: (_, r) => targetText(r) },
          { key: 'enabled', title: '状态', width: 80, render: (_, r) => (r.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
          {
            key: 'actions',
            title: '操作',
            width: 120,
            render: (_, r) =>
              editable ? (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    编辑
                  </Button>
                  <Popconfirm title="确认删除该规则吗？" onConfirm={() => remove(r.id)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
      <RecordFormDialog<RuleValues>
        open={editing !== null}
        title={editing === 'new' ? '新增派单规则' : '编辑派单规则'}
        initialValues={editing && editing !== 'new' ? valuesOf(editing) : { kind: 2, targetType: 1, sort: (rules.data?.length ?? 0) + 1, enabled: true }}
        onSubmit={save}
        onClose={() => setEditing(null)}
        width={560}
      >
        <Form.Item name="name" label="规则名称" rules={rulesOf(RF.name)}>
          <Input maxLength={30} placeholder="如：浦东新区空调" />
        </Form.Item>
        <Form.Item name="kind" label="按什么匹配">
          <Radio.Group options={labelOptions(RULE_KINDS)} />
        </Form.Item>
        <ConditionField />
        <TargetFields types={RULE_TARGET_IDS} fields={RF} />
        <Space size="large">
          <Form.Item name="sort" label="顺序（小的先试）">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </RecordFormDialog>
    </Card>
  );
}
