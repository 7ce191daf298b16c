import { Card, Empty, Space } from 'antd';
import { useMenu } from '../menu';
import { sectionsOf } from '../sections';
import { EntryCards } from './EntryCards';

/** Function navigation: every entry the user can open, grouped as the top menu groups them. */
export default function PersonIndex() {
  const menu = useMenu();
  const sections = sectionsOf(menu);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {sections.map((s) => (
        <Card key={s.key} title={s.name} size="small">
          <EntryCards entries={s.key === 'home' ? s.entries.slice(1) : s.entries} />
        </Card>
      ))}
      {menu && sections.length === 1 && <Empty description="暂无可用功能，请联系管理员分配权限" />}
    </Space>
  );
}
