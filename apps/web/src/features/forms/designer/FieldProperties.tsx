import { ROLES } from '@sk/shared/auth/roles';
import { DATE_TYPES, FIELD_TYPES, type FieldType, type FixedField, type FormKindId, LINK_KINDS, ORDER_GROUPS } from '@sk/shared/forms/index';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { labelOptions } from '../../../lib/options';
import { cascadeToText, type DraftField, type RefName, refNames, textToCascade } from './draft';
import { DefaultValueInput } from './DefaultValueInput';

export interface FieldPropertiesProps {
  field: DraftField;
  onChange: (f: DraftField) => void;
  all: DraftField[];
  kind: FormKindId;
  /** System values formulas may use (the kind's formulaRefs). */
  system: RefName[];
  fixedFields: FixedField[];
  /** The draft's current problem with this field. */
  problem?: string | null;
}

const NO_REQUIRED: readonly FieldType[] = [14, 19, 20];
const WITH_PLACEHOLDER: readonly FieldType[] = [1, 2, 4, 5, 6, 9, 12, 13, 16, 18, 23];
const WITH_LENGTH: readonly FieldType[] = [1, 13];
const WITH_COUNT: readonly FieldType[] = [10, 15, 26];
const WITH_PRECISION: readonly FieldType[] = [2, 19];
const FILE_KIND_OPTIONS = [
  { value: 'image', label: '图片' },
  { value: 'video', label: '视频' },
  { value: 'doc', label: '文档' },
];
const roleOptions = labelOptions(ROLES);

const Item = ({ label, children, id, extra }: { label: string; children: ReactNode; id?: string; extra?: ReactNode }) => (
  <Form.Item label={label} htmlFor={id} extra={extra} style={{ marginBottom: 12 }}>
    {children}
  </Form.Item>
);

function ConditionEditor({ field, all, fixedFields, onChange }: Pick<FieldPropertiesProps, 'field' | 'all' | 'fixedFields' | 'onChange'>) {
  const candidates = [
    ...fixedFields.map((f) => ({ key: f.key, name: f.name, type: f.type, options: f.options ?? [] })),
    ...all.filter((f) => f.id !== undefined && f.uid !== field.uid).map((f) => ({ key: String(f.id), name: f.name, type: f.type, options: f.options })),
  ];
  const c = field.condition;
  const ctrl = candidates.find((x) => x.key === c?.field);
  const valueOptions =
    ctrl && (ctrl.type === 7 || ctrl.type === 16)
      ? [
          { value: '1', label: '是' },
          { value: '0', label: '否' },
        ]
      : (ctrl?.options ?? []).map((o) => ({ value: o, label: o }));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select
        allowClear
        aria-label="条件字段"
        placeholder="始终显示"
        style={{ width: '100%' }}
        value={c?.field}
        options={candidates.map((x) => ({ value: x.key, label: x.name }))}
        onChange={(key) => onChange({ ...field, condition: key ? { field: key, values: [] } : null })}
      />
      {c ? (
        <Select
          mode={valueOptions.length ? 'multiple' : 'tags'}
          aria-label="条件取值"
          placeholder={valueOptions.length ? '选择取值' : '输入取值后回车'}
          style={{ width: '100%' }}
          value={c.values}
          options={valueOptions}
          onChange={(values: string[]) => onChange({ ...field, condition: { field: c.field, values } })}
        />
      ) : null}
    </Space>
  );
}

function FormulaEditor({ field, all, system, onChange }: Pick<FieldPropertiesProps, 'field' | 'all' | 'system' | 'onChange'>) {
  const numeric = refNames(
    all.filter((f) => f.uid !== field.uid && (f.type === 2 || f.type === 19 || f.type === 22)),
    system,
  );
  const insert = (name: string) =>
    onChange({ ...field, formulaText: `${field.formulaText}${field.formulaText && !/[\s(+\-*/]$/.test(field.formulaText) ? ' ' : ''}{${name}}` });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        id="prop-formula"
        rows={2}
        placeholder="如：{数量} * {单价}"
        value={field.formulaText}
        onChange={(e) => onChange({ ...field, formulaText: e.target.value })}
      />
      <Space size={4} wrap>
        {numeric.map((r) => (
          <Button key={r.key} size="small" autoInsertSpace={false} onClick={() => insert(r.name)}>
            {r.name}
          </Button>
        ))}
        {['+', '-', '*', '/', '(', ')'].map((op) => (
          <Button key={op} size="small" type="dashed" onClick={() => onChange({ ...field, formulaText: `${field.formulaText} ${op} `.replace(/\s+/g, ' ') })}>
            {op}
          </Button>
        ))}
      </Space>
    </Space>
  );
}

/** The properties of the selected field; every change goes straight into the draft. */
export function FieldProperties(p: FieldPropertiesProps) {
  const { field: f, onChange, kind } = p;
  const set = (patch: Partial<DraftField>) => onChange({ ...f, ...patch });
  const t = f.type;
  const dateBounds = DATE_TYPES.includes(t);
  return (
    <Form layout="vertical" component="div" data-testid="field-properties" size="small">
      {p.problem ? <Alert type="error" showIcon title={p.problem} style={{ marginBottom: 12 }} /> : null}
      <Item label="字段名称" id="prop-name">
        <Input id="prop-name" maxLength={30} value={f.name} onChange={(e) => set({ name: e.target.value })} />
      </Item>
      <Item label="字段类型" id="prop-type" extra={f.id !== undefined ? '已保存的字段不能更改类型' : undefined}>
        <Select
          id="prop-type"
          style={{ width: '100%' }}
          disabled={f.id !== undefined}
          value={t}
          options={labelOptions(FIELD_TYPES)}
          onChange={(type: FieldType) => set({ type })}
        />
      </Item>
      {NO_REQUIRED.includes(t) ? null : (
        <Item label="是否必填" id="prop-required">
          <Switch id="prop-required" checked={f.required} onChange={(required) => set({ required })} />
        </Item>
      )}
      {kind === 1 ? (
        <Item label="分组" id="prop-group">
          <Select
            id="prop-group"
            style={{ width: '100%' }}
            value={f.group ?? 'other'}
            options={ORDER_GROUPS.map((g) => ({ value: g.key, label: g.name }))}
            onChange={(group) => set({ group })}
          />
        </Item>
      ) : null}
      {t === 3 || t === 8 ? (
        <Item label="选项" id="prop-options" extra="每行一个选项">
          <Input.TextArea
            id="prop-options"
            rows={4}
            value={f.options.join('\n')}
            onChange={(e) => set({ options: e.target.value.split('\n') })}
            onBlur={() => set({ options: f.options.map((o) => o.trim()).filter(Boolean) })}
          />
        </Item>
      ) : null}
      {t === 18 ? (
        <Item label="级联选项" id="prop-cascade" extra="每行一条路径，用“/”分隔，如：动力系统/发动机">
          <Input.TextArea
            id="prop-cascade"
            rows={5}
            defaultValue={cascadeToText(f.cascade)}
            onChange={(e) => set({ cascade: textToCascade(e.target.value) })}
          />
        </Item>
      ) : null}
      {t === 19 ? (
        <Item label="计算公式" id="prop-formula" extra="支持 + - * / 和括号；新字段保存后才能被引用">
          <FormulaEditor {...p} />
        </Item>
      ) : null}
      {t === 30 ? (
        <Item label="关联对象" id="prop-link">
          <Select
            id="prop-link"
            style={{ width: '100%' }}
            value={f.linkKind}
            options={Object.entries(LINK_KINDS).map(([value, label]) => ({ value, label }))}
            onChange={(linkKind) => set({ linkKind })}
          />
        </Item>
      ) : null}
      {t === 22 ? (
        <Item label="星级数" id="prop-stars">
          <InputNumber id="prop-stars" min={1} max={10} precision={0} value={f.stars} onChange={(stars) => set({ stars: stars ?? null })} />
        </Item>
      ) : null}
      {t === 2 || dateBounds ? (
        <Item label="取值范围" id="prop-min">
          <Space>
            {t === 2 ? (
              <>
                <InputNumber
                  id="prop-min"
                  aria-label="最小值"
                  placeholder="最小值"
                  value={typeof f.min === 'number' ? f.min : null}
                  onChange={(v) => set({ min: v ?? null })}
                />
                <InputNumber
                  aria-label="最大值"
                  placeholder="最大值"
                  value={typeof f.max === 'number' ? f.max : null}
                  onChange={(v) => set({ max: v ?? null })}
                />
              </>
            ) : (
              <>
                <Input
                  id="prop-min"
                  aria-label="最早"
                  placeholder="最早，如2024-01-01"
                  value={typeof f.min === 'string' ? f.min : ''}
                  onChange={(e) => set({ min: e.target.value || null })}
                />
                <Input
                  aria-label="最晚"
                  placeholder="最晚"
                  value={typeof f.max === 'string' ? f.max : ''}
                  onChange={(e) => set({ max: e.target.value || null })}
                />
              </>
            )}
          </Space>
        </Item>
      ) : null}
      {WITH_PRECISION.includes(t) ? (
        <Item label="小数位数" id="prop-precision">
          <InputNumber id="prop-precision" min={0} max={6} precision={0} value={f.precision} onChange={(v) => set({ precision: v ?? null })} />
        </Item>
      ) : null}
      {WITH_LENGTH.includes(t) ? (
        <Item label="最大长度" id="prop-maxlength">
          <InputNumber id="prop-maxlength" min={1} max={2000} precision={0} value={f.maxLength} onChange={(v) => set({ maxLength: v ?? null })} />
        </Item>
      ) : null}
      {WITH_COUNT.includes(t) ? (
        <Item label="最多数量" id="prop-maxcount">
          <InputNumber id="prop-maxcount" min={1} max={20} precision={0} value={f.maxCount} onChange={(v) => set({ maxCount: v ?? null })} />
        </Item>
      ) : null}
      {t === 15 ? (
        <Item label="文件类型" extra="不选则图片、视频、文档均可">
          <Checkbox.Group options={FILE_KIND_OPTIONS} value={f.fileKinds} onChange={(v) => set({ fileKinds: v as DraftField['fileKinds'] })} />
        </Item>
      ) : null}
      {WITH_PLACEHOLDER.includes(t) ? (
        <Item label={t === 16 ? '勾选文字' : '提示文字'} id="prop-placeholder">
          <Input id="prop-placeholder" maxLength={100} value={f.placeholder} onChange={(e) => set({ placeholder: e.target.value })} />
        </Item>
      ) : null}
      <Item label={t === 14 ? '说明文字' : '填写说明'} id="prop-help">
        <Input.TextArea id="prop-help" rows={2} maxLength={500} value={f.help} onChange={(e) => set({ help: e.target.value })} />
      </Item>
      <DefaultValueInput field={f} onChange={(defaultValue) => set({ defaultValue })} />
      <Item label="可见角色" id="prop-roles" extra="不选则所有角色可见">
        <Select
          id="prop-roles"
          mode="multiple"
          allowClear
          style={{ width: '100%' }}
          value={f.visibleRoles}
          options={roleOptions}
          onChange={(visibleRoles) => set({ visibleRoles })}
        />
      </Item>
      <Item label="显示条件" extra="满足条件时才显示本字段；新字段保存后才能作为条件">
        <ConditionEditor {...p} />
      </Item>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {f.id !== undefined ? `字段ID：${f.id}` : '新字段，保存后生效'}
      </Typography.Text>
    </Form>
  );
}
