import type { PoolProfile } from '@sk/shared/pool/pool.contract';
import { Button, Form, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { RecordFormDialog } from '../../components';
import { useApi, useApiMutation } from '../../lib/query';
import { AreaCascader } from '../customers';
import { areaPath, distanceText, poolContract } from './api';

interface Values {
  areas?: { path?: string[] }[];
  baseLat?: number | null;
  baseLng?: number | null;
  radiusKm?: number | null;
  skills?: string[];
  dailyCap?: number;
}

/** 抢单范围: each service person's areas (or base and radius), skills and daily cap. */
export function PoolProfiles() {
  const profiles = useApi(poolContract.profiles);
  const save = useApiMutation(poolContract.saveProfile);
  const [editing, setEditing] = useState<PoolProfile | null>(null);
  const submit = (v: Values) =>
    save.mutateAsync({
      userId: editing?.userId as number,
      areaCodes: (v.areas ?? []).map((a) => a.path?.at(-1)).filter((c): c is string => !!c),
      baseLat: v.baseLat ?? null,
      baseLng: v.baseLng ?? null,
      radiusM: v.radiusKm ? Math.round(v.radiusKm * 1000) : null,
      skills: v.skills ?? [],
      dailyCap: v.dailyCap ?? 0,
    });
  return (
    <>
      <Typography.Paragraph type="secondary">
        未设置服务区域和服务半径的服务人员可看到全部区域的工单；工单指定了服务团队时，只有团队成员可见。
      </Typography.Paragraph>
      <Table<PoolProfile>
        rowKey="userId"
        size="small"
        loading={profiles.isLoading}
        dataSource={profiles.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', dataIndex: 'name', title: '服务人员' },
          { key: 'areaCodes', dataIndex: 'areaCodes', title: '服务区域', render: (a: string[]) => (a.length ? `${a.length}个区域` : '不限') },
          { key: 'radius', title: '服务半径', render: (_: unknown, r) => (r.radiusM ? distanceText(r.radiusM) : '—') },
          { key: 'skills', dataIndex: 'skills', title: '技能', render: (s: string[]) => (s.length ? s.map((x) => <Tag key={x}>{x}</Tag>) : '—') },
          { key: 'dailyCap', dataIndex: 'dailyCap', title: '每日抢单上限', render: (n: number) => (n > 0 ? n : '不限') },
          {
            key: 'actions',
            title: '操作',
            render: (_: unknown, r) => (
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                设置
              </Button>
            ),
          },
        ]}
      />
      <RecordFormDialog<Values>
        open={editing !== null}
        title={`抢单范围：${editing?.name ?? ''}`}
        onClose={() => setEditing(null)}
        onSubmit={submit}
        width={560}
        initialValues={
          editing
            ? {
                areas: editing.areaCodes.map((c) => ({ path: areaPath(c) })),
                baseLat: editing.baseLat,
                baseLng: editing.baseLng,
                radiusKm: editing.radiusM ? editing.radiusM / 1000 : null,
                skills: editing.skills,
                dailyCap: editing.dailyCap,
              }
            : {}
        }
      >
        <Form.List name="areas">
          {(fields, { add, remove }) => (
            <Form.Item label="服务区域">
              {fields.map((f) => (
                <Space key={f.key} style={{ display: 'flex', marginBottom: 8 }}>
                  <Form.Item name={[f.name, 'path']} noStyle>
                    <AreaCascader style={{ width: 300 }} />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(f.name)}>
                    删除
                  </Button>
                </Space>
              ))}
              <Button onClick={() => add({ path: [] })}>添加区域</Button>
            </Form.Item>
          )}
        </Form.List>
        <Space wrap>
          <Form.Item name="baseLat" label="基地纬度">
            <InputNumber min={-90} max={90} step={0.000001} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="baseLng" label="基地经度">
            <InputNumber min={-180} max={180} step={0.000001} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="radiusKm" label="服务半径（公里）">
            <InputNumber min={0.1} max={500} step={1} style={{ width: 150 }} />
          </Form.Item>
        </Space>
        <Form.Item name="skills" label="技能">
          <Select mode="tags" placeholder="输入技能后回车" tokenSeparators={[',', '，']} />
        </Form.Item>
        <Form.Item name="dailyCap" label="每日抢单上限" extra="0 为不限">
          <InputNumber min={0} max={999} />
        </Form.Item>
      </RecordFormDialog>
    </>
  );
}
