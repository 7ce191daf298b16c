import { PHONE } from '@sk/shared/common/zod';
import type { CustomerDuplicate } from '@sk/shared/customers/customers.contract';
import { Alert, Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../../lib/query';
import { customerContract } from '../api';

/** What the duplicate check is asked: a name and a complete phone, or nothing yet. */
export function duplicateQuery(name: string | undefined, phone: string | undefined): { name: string; phone: string } | null {
  const n = name?.trim() ?? '';
  const p = phone?.trim() ?? '';
  return n && PHONE.test(p) ? { name: n, phone: p } : null;
}

/** The value after the typing pauses (400 ms), so the server is asked once per pause, not per key. */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the value
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [key, ms]);
  return settled;
}

/** Existing customers with the name and phone being typed (the server refuses saving one more). */
export function useCustomerDuplicates(name: string | undefined, phone: string | undefined): CustomerDuplicate[] {
  const q = useSettled(duplicateQuery(name, phone));
  const r = useApi(customerContract.duplicateCheck, q ?? { name: '', phone: '' }, { enabled: !!q, staleTime: 0, call: { silent: true } });
  return q && r.data ? r.data : [];
}

interface Props {
  duplicates: CustomerDuplicate[];
  /** What the button does with the existing customer: '选用该客户' (the order form picks it) or '打开该客户'. */
  actionLabel: string;
  onAction: (d: CustomerDuplicate & { id: number }) => void;
}

/** The warning above the save button: the customer already exists, with a way to it. */
export function DuplicateCustomerAlert({ duplicates, actionLabel, onAction }: Props) {
  if (!duplicates.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="customer-duplicate"
      style={{ marginBottom: 12 }}
      title="已存在同名同电话的客户，不能重复创建"
      description={
        <Space orientation="vertical" size={4}>
          {duplicates.map((d) => (
            <Space key={`${d.id}-${d.name}`} wrap size={8}>
              <span>
                {d.name}（{[d.linkperson, d.phone].filter(Boolean).join('，')}）{d.address ? ` ${d.address}` : ''}
              </span>
              {d.id ? (
                <Button size="small" type="primary" ghost onClick={() => onAction({ ...d, id: d.id as number })}>
                  {actionLabel}
                </Button>
              ) : (
                <span style={{ color: 'var(--ant-color-text-secondary)' }}>（不在您的客户范围内，请联系管理员）</span>
              )}
            </Space>
          ))}
        </Space>
      }
    />
  );
}
