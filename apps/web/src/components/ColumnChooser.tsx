import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, Popover, Row } from 'antd';

/** Grid span of each checkbox, select-all included (the spec: "the select-all indicator uses 6"). */
export const CHOOSER_SPAN = 6;

export interface ColumnChooserProps {
  columns: readonly { key: string; title: string }[];
  /** Keys shown now. */
  value: readonly string[];
  /** Called with the new choice; an empty choice arrives as `defaults`. */
  onChange: (keys: string[]) => void;
  /** What an empty choice resets to (the nine default columns). */
  defaults: readonly string[];
}

/**
 * The column-filter popup: one checkbox per column plus 全选. Unchecking everything resets to the
 * default columns. Persist with `useColumnChoice(routeKey, …)` (ListPage does this for you).
 */
export function ColumnChooser({ columns, value, onChange, defaults }: ColumnChooserProps) {
  const shown = new Set(value);
  const checked = columns.filter((c) => shown.has(c.key)).length;
  const choose = (keys: string[]) => onChange(keys.length ? keys : [...defaults]);

  const content = (
    <div style={{ width: 520, maxWidth: '80vw' }} data-testid="column-chooser">
      <Row gutter={[8, 8]}>
        <Col span={CHOOSER_SPAN}>
          <Checkbox
            checked={checked === columns.length}
            indeterminate={checked > 0 && checked < columns.length}
            onChange={(e) => choose(e.target.checked ? columns.map((c) => c.key) : [])}
          >
            全选
          </Checkbox>
        </Col>
      </Row>
      <Checkbox.Group style={{ width: '100%', marginTop: 8 }} value={[...value]} onChange={(v) => choose(v as string[])}>
        <Row gutter={[8, 8]}>
          {columns.map((c) => (
            <Col span={CHOOSER_SPAN} key={c.key}>
              <Checkbox value={c.key}>{c.title}</Checkbox>
            </Col>
          ))}
        </Row>
      </Checkbox.Group>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title="选择显示的列" content={content}>
      <Button icon={<SettingOutlined />}>列设置</Button>
    </Popover>
  );
}
