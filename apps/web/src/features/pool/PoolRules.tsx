import { formsContract } from '@sk/shared/forms/forms.contract';
import type { PoolRule } from '@sk/shared/pool/pool.contract';
import { Button, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { RecordFormDialog } from '../../components';
import { useApi, useApiMutation } from '../../lib/query';
import { rulesOf } from '../../lib/zodRules';
import { AreaCascader } from '../customers';
import { areaPath, poolContract } from './api';

interface Values {
  name: string;
  enabled: boolean;
  templateId?: number | null;
  area?: string[];
  skills?: string[];
  sort?: number;
}

const lastArea = (rule: PoolRule) => rule.districtCode ?? rule.cityCode ?? rule.provinceCode;

/** 入池规则: a new order still unassigned after default dispatch enters the pool when it matches (first by sort). */
export function PoolRules() {
  const rules = useApi(poolContract.rules);
  const types = useApi(formsContract.orderTypeList);
  const save = useApiMutation(poolContract.saveRule);
  const del = useApiMutation(poolContract.deleteRule);
  const [editing, setEditing] = useState<PoolRule | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  const submit = (v: Values) => {
    const [provinceCode, cityCode, districtCode] = v.area ?? [];
    return save.mutateAsync({
      id: current?.id,
      name: v.name,
      enabled: v.enabled,
      templateId: v.templateId ?? null,
      provinceCode: provinceCode ?? null,
      cityCode: cityCode ?? null,
      districtCode: districtCode ?? null,
      skills: v.skills ?? [],
      sort: v.sort ?? 0,
    });
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" onClick={() => setEditing('new')}>
          新增规则
        </Button>
        <Typography.Text type="secondary">新工单经默认派单后仍未指派、且符合规则的，自动放入工单公海（按排序取第一条）。</Typography.Text>
      </Space>
      <Table<PoolRule>
        rowKey="id"
        size="small"
        loading={rules.isLoading}
        dataSource={rules.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', dataIndex: 'name', title: '规则名称' },
          { key: 'templateName', dataIndex: 'templateName', title: '工单类型', render: (v: string | null) => v ?? '全部' },
          { key: 'area', title: '服务区域', render: (_: unknown, r) => lastArea(r) ?? '全部' },
          { key: 'skills', dataIndex: 'skills', title: '技能要求', render: (s: string[]) => (s.length ? s.map((x) => <Tag key={x}>{x}</Tag>) : '不限') },
          { key: 'sort', dataIndex: 'sort', title: '排序' },
          { key: 'enabled', dataIndex: 'enabled', title: '状态', render: (v: boolean) => (v ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
          {
            key: 'actions',
            title: '操作',
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Popconfirm title="确定删除该规则吗？" okText="删除" cancelText="取消" onConfirm={() => del.mutateAsync({ id: r.id })}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <RecordFormDialog<Values>
        open={editing !== null}
        title={current ? '编辑入池规则' : '新增入池规则'}
        onClose={() => setEditing(null)}
        onSubmit={submit}
        initialValues={
          current
            ? {
                name: current.name,
                enabled: current.enabled,
                templateId: current.templateId,
                area: areaPath(lastArea(current)),
                skills: current.skills,
                sort: current.sort,
              }
            : { enabled: true, sort: 0 }
        }
      >
        <Form.Item name="name" label="规则名称" rules={rulesOf(poolContract.saveRule.body.shape.name)}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="templateId" label="工单类型">
          <Select allowClear placeholder="全部" options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
        </Form.Item>
        <Form.Item name="area" label="服务区域">
          <AreaCascader />
        </Form.Item>
        <Form.Item name="skills" label="技能要求">
          <Select mode="tags" placeholder="输入技能后回车" tokenSeparators={[',', '，']} />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </RecordFormDialog>
    </>
  );
}
