import { UserOutlined } from '@ant-design/icons';
import { orgContract } from '@sk/shared/org/org.contract';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useApi } from '../lib/query';
import { type Person, type PersonFetcher, PersonPicker } from './PersonPicker';

export interface PersonFieldProps {
  /** The chosen people (always a list; one in single mode). */
  value?: Person[];
  onChange?: (people: Person[]) => void;
  multiple?: boolean;
  role?: number;
  placeholder?: string;
  fetcher?: PersonFetcher;
}

/** A form control over the person picker (filters such as 创建人): the chosen names as tags and a 选择 button. */
export function PersonField({ value = [], onChange, multiple, role, placeholder = '选择人员', fetcher }: PersonFieldProps) {
  const [open, setOpen] = useState(false);
  // A choice that arrived by id alone (a report's drill-down in the URL) shows its name once looked up.
  const unnamed = value.filter((p) => !p.name).map((p) => p.id);
  const names = useApi(orgContract.userNames, { ids: unnamed.join(',') }, { enabled: unnamed.length > 0, call: { silent: true } });
  const nameOf = (p: Person) => p.name || names.data?.find((n) => n.id === p.id)?.name || `#${p.id}`;
  return (
    <Space size={4} wrap>
      {value.map((p) => (
        <Tag key={p.id} closable onClose={() => onChange?.(value.filter((x) => x.id !== p.id))}>
          {nameOf(p)}
        </Tag>
      ))}
      <Button size="small" icon={<UserOutlined />} onClick={() => setOpen(true)}>
        {value.length ? '更改' : placeholder}
      </Button>
      <PersonPicker
        open={open}
        multiple={multiple}
        role={role}
        value={value}
        fetcher={fetcher}
        onCancel={() => setOpen(false)}
        onOk={(people) => {
          setOpen(false);
          onChange?.(people);
        }}
      />
    </Space>
  );
}
