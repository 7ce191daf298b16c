import { Card, Empty, Menu, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../../lib/query';
import { dictContract } from '../api';
import { DictItems } from '../components/DictItems';
import '../settings.css';

/** Dictionary settings: the types on the left (grouped, with item counts), the chosen type's items on the right. */
export default function DictionarySettings() {
  const types = useApi(dictContract.types);
  const [chosen, setChosen] = useState<number | null>(null);
  const list = types.data ?? [];
  const current = list.find((t) => t.type === chosen) ?? list[0];

  const groups = [...new Set(list.map((t) => t.group))];
  const items = groups.map((g) => ({
    type: 'group' as const,
    key: g,
    label: g,
    children: list
      .filter((t) => t.group === g)
      .map((t) => ({
        key: String(t.type),
        label: t.name,
        extra: <Typography.Text type="secondary">{t.count}</Typography.Text>,
      })),
  }));

  return (
    <div className="sk-dict">
      <Card className="sk-dict-types" size="small" title="字典类型">
        {types.isLoading ? (
          <Spin />
        ) : (
          <Menu
            mode="inline"
            style={{ borderInlineEnd: 'none' }}
            items={items}
            selectedKeys={current ? [String(current.type)] : []}
            onClick={({ key }) => setChosen(Number(key))}
          />
        )}
      </Card>
      <Card className="sk-dict-items" size="small" title={current ? `${current.name}${current.fixed ? '（系统内置）' : ''}` : '字典项'}>
        {current ? <DictItems t={current} /> : <Empty description="暂无字典类型" />}
      </Card>
    </div>
  );
}
