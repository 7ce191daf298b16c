// The target of a rule or the default dispatch: a person, a team, a provider (or the order's own team).
import { ASSIGNABLE_PARTNER_TYPES, TARGET_TYPES } from '@sk/shared/dispatch/dispatch.constants';
import { teamContract } from '@sk/shared/org/team.contract';
import { Form, Radio, Select } from 'antd';
import type { z } from 'zod';
import { type Person, PersonField } from '../../../components';
import { useApi } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';

export interface TargetValues {
  targetType: number;
  targetUser?: Person[];
  targetGroupId?: number | null;
  targetProviderId?: number | null;
}

/** The API's target fields from the form's. */
export const targetBody = (v: TargetValues) => ({
  targetType: v.targetType,
  targetUserId: v.targetUser?.[0]?.id ?? null,
  targetGroupId: v.targetGroupId ?? null,
  targetProviderId: v.targetProviderId ?? null,
});

/** A saved person as the picker field holds it. */
export const personValue = (id: number | null, name: string | null): Person[] => (id ? [{ id, name: name ?? '' } as Person] : []);

export function GroupSelect(p: { value?: number | null; onChange?: (v: number | null) => void; label: string }) {
  const groups = useApi(teamContract.groupList, { pageSize: 1000 }, { call: { silent: true } });
  return (
    <Select<number>
      value={p.value ?? undefined}
      onChange={(v) => p.onChange?.(v ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择服务团队"
      aria-label={p.label}
      options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
    />
  );
}

function ProviderSelect(p: { value?: number | null; onChange?: (v: number | null) => void }) {
  const providers = useApi(teamContract.providerSimpleList, {}, { call: { silent: true } });
  return (
    <Select<number>
      value={p.value ?? undefined}
      onChange={(v) => p.onChange?.(v ?? null)}
      allowClear
      placeholder="请选择服务商"
      aria-label="选择服务商"
      options={(providers.data ?? [])
        .filter((x) => (ASSIGNABLE_PARTNER_TYPES as readonly number[]).includes(x.partnerType))
        .map((x) => ({ value: x.id, label: x.name }))}
    />
  );
}

/** The target fields of the contract a form saves to (ruleBody's or defaultDispatchBody's): the rules are its own. */
export type TargetContract = Record<'targetType' | 'targetGroupId' | 'targetProviderId', z.ZodType>;

/** The target's fields; `types` are the choices offered (rules: 1–3, the default: 1–4). */
export function TargetFields({ types, fields }: { types: readonly number[]; fields: TargetContract }) {
  const type = Form.useWatch('targetType');
  return (
    <>
      <Form.Item name="targetType" label="派给" rules={rulesOf(fields.targetType, { required: '请选择派单对象' })}>
        <Radio.Group options={types.map((t) => ({ value: t, label: TARGET_TYPES[t as keyof typeof TARGET_TYPES] }))} />
      </Form.Item>
      {type === 1 ? (
        <Form.Item
          name="targetUser"
          label="服务人员"
          // why: a list of picked people (PersonField) in the form, the contract's one targetUserId on save
          rules={[{ required: true, type: 'array', min: 1, message: '请选择服务人员' }]}
        >
          <PersonField role={2} placeholder="选择服务人员" />
        </Form.Item>
      ) : null}
      {type === 2 ? (
        <Form.Item name="targetGroupId" label="服务团队" rules={rulesOf(fields.targetGroupId, { required: '请选择服务团队' })}>
          <GroupSelect label="派给团队" />
        </Form.Item>
      ) : null}
      {type === 3 ? (
        <Form.Item
          name="targetProviderId"
          label="服务商"
          rules={rulesOf(fields.targetProviderId, { required: '请选择服务商' })}
          extra="派给服务商后，由服务商的派单员指派服务人员"
        >
          <ProviderSelect />
        </Form.Item>
      ) : null}
    </>
  );
}
