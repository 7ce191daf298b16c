import { Button, Form, type FormInstance, Space } from 'antd';
import type { ReactNode } from 'react';

export interface FilterPanelProps {
  /** The page's filter fields: antd Form.Item elements with `name`. */
  children: ReactNode;
  initialValues?: Record<string, unknown>;
  onSearch: (values: Record<string, unknown>) => void;
  onReset: () => void;
  /** The panel's form, when the page sets its values (F2: saved search plans). */
  form?: FormInstance;
  /** 'vertical' in the phone's filter sheet: one field a row, full width. */
  layout?: 'inline' | 'vertical';
}

/** The filter panel under the toolbar: the page's fields, then 查找 and 重置. */
export function FilterPanel({ children, initialValues, onSearch, onReset, form: given, layout = 'inline' }: FilterPanelProps) {
  const [form] = Form.useForm(given);
  return (
    <Form
      form={form}
      layout={layout}
      className={layout === 'vertical' ? 'sk-filter-panel-sheet' : undefined}
      initialValues={initialValues}
      onFinish={onSearch}
      style={
        layout === 'vertical'
          ? undefined
          : { rowGap: 12, padding: 16, marginBottom: 12, background: 'var(--ant-color-fill-quaternary, #fafafa)', borderRadius: 8 }
      }
      data-testid="filter-panel"
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查找
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
