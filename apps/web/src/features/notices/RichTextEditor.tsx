import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * A small rich-text editor (bold, italic, underline, lists, links) over contentEditable: enough for an announcement,
 * no editor dependency. Its value is HTML; the server sanitises what it stores.
 */
export function RichTextEditor({ value, onChange, id }: { value?: string; onChange?: (html: string) => void; id?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current && box.current.innerHTML !== (value ?? '')) box.current.innerHTML = value ?? '';
  }, [value]);
  const emit = () => onChange?.(box.current?.innerHTML ?? '');
  const exec = (cmd: string, arg?: string) => {
    box.current?.focus();
    document.execCommand(cmd, false, arg);
    emit();
  };
  const tools = [
    { cmd: 'bold', icon: <BoldOutlined />, label: '加粗' },
    { cmd: 'italic', icon: <ItalicOutlined />, label: '斜体' },
    { cmd: 'underline', icon: <UnderlineOutlined />, label: '下划线' },
    { cmd: 'insertUnorderedList', icon: <UnorderedListOutlined />, label: '项目符号' },
    { cmd: 'insertOrderedList', icon: <OrderedListOutlined />, label: '编号' },
  ];
  return (
    <div className="sk-rte">
      <Space size={2} wrap className="sk-rte-tools">
        {tools.map((t) => (
          <Button
            key={t.cmd}
            size="small"
            type="text"
            icon={t.icon}
            aria-label={t.label}
            title={t.label}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => exec(t.cmd)}
          />
        ))}
        <Button
          size="small"
          type="text"
          icon={<LinkOutlined />}
          aria-label="链接"
          title="链接"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const url = window.prompt('链接地址（http或https开头）');
            if (url) exec('createLink', url);
          }}
        />
      </Space>
      <div
        id={id}
        ref={box}
        className="sk-rte-body"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label="公告内容"
        tabIndex={0}
        onInput={emit}
        onBlur={emit}
        suppressContentEditableWarning
        style={{ minHeight: 160, border: '1px solid #d9d9d9', borderRadius: 6, padding: '8px 11px', overflowY: 'auto', maxHeight: 360 }}
      />
    </div>
  );
}
