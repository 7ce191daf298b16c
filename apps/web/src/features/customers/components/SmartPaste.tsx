import { ThunderboltOutlined } from '@ant-design/icons';
import type { ExtractedCustomer } from '@sk/shared/customers/customers.contract';
import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { toast } from '../../../components';
import { useApiMutation } from '../../../lib/query';
import { customerContract } from '../api';

/** What was recognised, in words ('姓名、电话、地址', '客户、联系人、电话、地址、描述'), or null when nothing was. */
export function recognised(r: ExtractedCustomer): string | null {
  const person = !!r.name && r.name === r.linkName;
  const found = [
    person ? '姓名' : r.name && '客户',
    !person && r.linkName && '联系人',
    r.phone && '电话',
    (r.provinceCode || r.detail) && '地址',
    r.description && '描述',
  ].filter(Boolean);
  return found.length ? found.join('、') : null;
}

/** 智能填写: paste '张三 13800138000 上海市浦东新区…' and the form is filled from what the server reads in it. */
export function SmartPaste({ onExtract }: { onExtract: (r: ExtractedCustomer) => void }) {
  const [text, setText] = useState('');
  const extract = useApiMutation(customerContract.extractCustomerInfo, {
    call: { successToast: false },
    onSuccess: (r) => {
      const what = recognised(r);
      if (!what) return toast.warning('未识别到客户信息，请检查粘贴的内容');
      onExtract(r);
      toast.success(`已识别${what}`);
    },
  });
  return (
    <div className="sk-smart-paste" style={{ background: 'var(--ant-color-fill-quaternary, #fafafa)', padding: 12, borderRadius: 8, marginBottom: 16 }}>
      <Typography.Text strong>智能填写</Typography.Text>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        粘贴包含客户、联系人、电话、地址的文字，自动识别并填入表单
      </Typography.Text>
      <Input.TextArea
        style={{ marginTop: 8 }}
        rows={2}
        maxLength={500}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="例如：张三 13800138000 上海市浦东新区张江路88号，或 客户：某某公司 联系人：张三 电话：… 地址：… 故障：…"
        aria-label="粘贴客户信息"
      />
      <Space style={{ marginTop: 8 }}>
        <Button
          type="primary"
          ghost
          icon={<ThunderboltOutlined />}
          loading={extract.isPending}
          disabled={!text.trim()}
          onClick={() => extract.mutate({ text })}
        >
          识别
        </Button>
        <Button onClick={() => setText('')} disabled={!text}>
          清空
        </Button>
      </Space>
    </div>
  );
}
