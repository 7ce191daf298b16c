import { LockOutlined } from '@ant-design/icons';
import type { FreeFeature } from '@sk/shared/auth/plans';
import { freeNotice } from '@sk/shared/auth/plans';
import { Form, Input, InputNumber, Select, Space, Switch, Tag, Tooltip } from 'antd';
import type { SettingInfo } from '../values';

/** The control for a setting's type; Form.Item hands it value/checked and onChange, passed straight on. */
function Control({ s, ...field }: { s: SettingInfo } & Record<string, unknown>) {
  switch (s.type) {
    case 'bool':
      return <Switch checkedChildren="开" unCheckedChildren="关" aria-label={s.descri} {...field} />;
    case 'int':
      return <InputNumber min={s.min} max={s.max} precision={0} style={{ width: 160 }} aria-label={s.descri} {...field} />;
    case 'enum':
      return <Select style={{ width: 160 }} options={(s.options ?? []).map((o) => ({ value: o, label: o }))} aria-label={s.descri} {...field} />;
    case 'secret':
      return <Input.Password style={{ maxWidth: 560 }} autoComplete="new-password" placeholder="未填写" aria-label={s.descri} {...field} />;
    default:
      return <Input style={{ maxWidth: 560 }} aria-label={s.descri} {...field} />;
  }
}

function Label({ s, free, phone }: { s: SettingInfo; free: boolean; phone: string }) {
  return (
    <Space size={4} wrap>
      <span>{s.descri}</span>
      {s.changed && <Tag color="orange">已修改</Tag>}
      {s.plan && free && (
        <Tooltip title={freeNotice(s.plan as FreeFeature, phone)}>
          <Tag icon={<LockOutlined />} color="gold">
            VIP
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** One catalogue setting as a form row: the control follows the setting's type; the range or default is shown below. */
export function SettingField({ s, free, phone }: { s: SettingInfo; free: boolean; phone: string }) {
  const range = s.type === 'int' && s.min !== undefined ? `范围 ${s.min}–${s.max}，` : '';
  const def = s.type === 'bool' ? (s.default === '1' ? '开启' : '关闭') : s.type === 'secret' ? '未填写（已保存的密钥只显示为******）' : s.default || '未填写';
  // A setting whose default is empty may stay empty (the call platform's address while calls are only recorded).
  const optional = s.type === 'bool' || s.type === 'secret' || s.default === '';
  return (
    <Form.Item
      name={s.code}
      label={<Label s={s} free={free} phone={phone} />}
      valuePropName={s.type === 'bool' ? 'checked' : 'value'}
      extra={`${range}默认：${def}`}
      rules={optional ? [] : [{ required: true, message: '请填写设置值' }]}
    >
      <Control s={s} />
    </Form.Item>
  );
}
