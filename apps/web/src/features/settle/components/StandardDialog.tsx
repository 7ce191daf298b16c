import { formsContract } from '@sk/shared/forms/forms.contract';
import { areaContract } from '@sk/shared/settings/dict.contract';
import { type FeeStandardRow, yuanOf } from '@sk/shared/settle/settle.contract';
import { Cascader, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { RecordFormDialog } from '../../../components';
import { call } from '../../../lib/api';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { F } from '../api';

/** A standard as the contract checks it (the amount in yuan here, in cents there): the form's rules are the contract's. */
const FS = F.create.body.shape;

interface Values {
  templateId?: number | null;
  productCategory?: string;
  region?: string[];
  distanceFromKm?: number;
  distanceToKm?: number | null;
  amount: number;
  remark?: string;
  enabled: boolean;
}
interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}
const toOptions = (list: { code: string; name: string; leaf: boolean }[]): AreaOption[] => list.map((a) => ({ value: a.code, label: a.name, isLeaf: a.leaf }));

type Props = { open: boolean; row: FeeStandardRow | null; onClose: () => void };

/** Add or edit one 服务费标准 row: 服务类型 × 产品分类 × 区域 × 距离 → 服务费 (元, stored in cents). */
export function StandardDialog(p: Props) {
  const types = useApi(formsContract.orderTypeList, undefined, { enabled: p.open });
  // the standards list refreshes through staleAfter (api.ts)
  const create = useApiMutation(F.create);
  const update = useApiMutation(F.update);
  const [areas, setAreas] = useState<AreaOption[]>([]);
  const [regionName, setRegionName] = useState<string | null>(p.row?.regionName ?? null);
  useEffect(() => {
    if (!p.open) return;
    setRegionName(p.row?.regionName ?? null);
    call(areaContract.list, {}, { silent: true }).then(
      (l) => setAreas(toOptions(l)),
      () => setAreas([]),
    );
  }, [p.open, p.row]);
  const r = p.row;
  const initial: Partial<Values> = r
    ? {
        templateId: r.templateId,
        productCategory: r.productCategory ?? undefined,
        distanceFromKm: r.distanceFromKm,
        distanceToKm: r.distanceToKm,
        amount: r.amountCents / 100,
        remark: r.remark ?? undefined,
        enabled: r.enabled,
      }
    : { distanceFromKm: 0, enabled: true };
  return (
    <RecordFormDialog<Values>
      open={p.open}
      name="feeStandard"
      title={r ? '编辑服务费标准' : '新建服务费标准'}
      width={640}
      initialValues={initial}
      onClose={p.onClose}
      onSubmit={async (v) => {
        const regionCode = v.region?.length ? v.region[v.region.length - 1] : r && !v.region ? r.regionCode : null;
        const body = {
          templateId: v.templateId ?? null,
          productCategory: v.productCategory || null,
          regionCode: regionCode ?? null,
          regionName: regionCode ? regionName : null,
          distanceFromKm: v.distanceFromKm ?? 0,
          distanceToKm: v.distanceToKm ?? null,
          amountCents: Math.round((v.amount ?? 0) * 100),
          remark: v.remark || null,
          enabled: v.enabled,
        };
        return r ? update.mutateAsync({ id: r.id, ...body }) : create.mutateAsync(body);
      }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="templateId" label="服务类型" extra="不选则适用全部工单类型">
            <Select allowClear placeholder="全部类型" options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="productCategory" label="产品分类" extra="不填则适用全部产品">
            <Input maxLength={50} placeholder="如：空调" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="region" label="区域" extra={r?.regionName && !regionName ? `当前：${r.regionName}` : '不选则适用全部区域；可只选到省或市'}>
        <Cascader<AreaOption>
          options={areas}
          changeOnSelect
          placeholder={r?.regionName ?? '全部区域'}
          aria-label="区域"
          loadData={async (path) => {
            const target = path[path.length - 1];
            if (!target) return;
            target.children = toOptions(await call(areaContract.list, { parentCode: target.value }, { silent: true }).catch(() => []));
            setAreas((o) => [...o]);
          }}
          onChange={(_codes, picked) => setRegionName((picked ?? []).map((o) => o.label).join('') || null)}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="distanceFromKm" label="距离下限（公里）" rules={rulesOf(FS.distanceFromKm, { required: '请输入距离下限' })}>
            <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="distanceToKm" label="距离上限（公里）" extra="不填则不设上限">
            <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="amount" label="服务费（元）" rules={rulesOf(yuanOf(FS.amountCents), { required: '请输入服务费' })}>
            <InputNumber min={0} max={100000000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </RecordFormDialog>
  );
}
