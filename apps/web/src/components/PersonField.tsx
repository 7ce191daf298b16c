import { UserOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
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
  return (
    <Space size={4} wrap>
      {value.map((p) => (
        <Tag key={p.id} closable onClose={() => onChange?.(value.filter((x) => x.id !== p.id))}>
          {p.name || `#${p.id}`}
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
