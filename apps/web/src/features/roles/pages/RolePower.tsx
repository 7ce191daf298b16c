import { POWER_TREE, type PowerNode } from '@sk/shared/auth/power-labels';
import { ROLE_EDITOR_POWERS } from '@sk/shared/auth/powers';
import { ADMIN_ROLE, ROLE_IDS, ROLES } from '@sk/shared/auth/roles';
import { Button, Card, Empty, Menu, Modal, Popconfirm, Space, Spin, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useApi, useApiMutation } from '../../../lib/query';
import { loadSessionUser } from '../../../lib/session';
import { R } from '../api';

const KEEP = new Set<string>(ROLE_EDITOR_POWERS);

function treeOf(role: number): TreeDataNode[] {
  const nodeOf = (n: PowerNode): TreeDataNode => {
    const kept = role === ADMIN_ROLE && KEEP.has(n.power);
    return {
      key: n.power,
      title: kept ? `${n.label}（系统管理员必须保留）` : n.label,
      disableCheckbox: kept,
      children: n.children.length ? n.children.map(nodeOf) : undefined,
    };
  };
  return POWER_TREE.map((g) => ({ key: `group:${g.key}`, title: <strong>{g.title}</strong>, checkable: false, children: g.nodes.map(nodeOf) }));
}

/**
 * /rolePower 角色权限: per role, the menu entries and actions it holds in this enterprise (the spec's role defaults
 * until edited), 保存 and 恢复默认. Each power is ticked on its own: a page and the actions under it are separate codes.
 */
export default function RolePower() {
  const list = useApi(R.rolePowerList);
  const [role, setRole] = useState<number>(1);
  const [draft, setDraft] = useState<string[] | null>(null);
  const [modal, holder] = Modal.useModal();
  const save = useApiMutation(R.rolePowerSave);
  const reset = useApiMutation(R.rolePowerReset);
  const current = list.data?.find((r) => r.role === role);
  const checked = draft ?? current?.powers ?? [];
  const tree = useMemo(() => treeOf(role), [role]);

  const pick = (next: number) => {
    if (next === role) return;
    if (!draft) return setRole(next);
    modal.confirm({
      title: '当前角色的修改尚未保存',
      content: `切换到“${ROLES[next as 1]}”将放弃这些修改，确认切换吗？`,
      okText: '放弃修改',
      cancelText: '取消',
      onOk: () => {
        setDraft(null);
        setRole(next);
      },
    });
  };
  // A saved or reset role starts again from what the server holds.
  const afterChange = async () => {
    setDraft(null);
    // The administrator may have edited his own role: his menu and page checks follow at once.
    await loadSessionUser({ silent: true }).catch(() => undefined);
  };

  return (
    <Card title="角色权限" size="small">
      {holder}
      {list.isLoading ? (
        <Spin />
      ) : !list.data ? (
        <Empty description="暂无数据" />
      ) : (
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Menu
            mode="inline"
            aria-label="角色"
            style={{ width: 200, flex: 'none' }}
            selectedKeys={[String(role)]}
            onClick={({ key }) => pick(Number(key))}
            items={ROLE_IDS.map((r) => ({
              key: String(r),
              label: (
                <span>
                  {ROLES[r]}
                  {list.data?.find((x) => x.role === r)?.edited ? (
                    <Tag color="orange" style={{ marginLeft: 8 }}>
                      已修改
                    </Tag>
                  ) : null}
                </span>
              ),
            }))}
          />
          <div style={{ flex: 1, minWidth: 280 }}>
            <Space wrap style={{ marginBottom: 12 }}>
              <Typography.Text strong>{ROLES[role as 1]}</Typography.Text>
              <Typography.Text type="secondary">
                已选 {new Set(checked).size} 项权限{current?.update_time ? `，最后修改于 ${current.update_time}` : '（默认权限）'}
              </Typography.Text>
              <Button
                type="primary"
                disabled={!draft}
                loading={save.isPending}
                onClick={() => save.mutateAsync({ role, powers: [...new Set(checked)] }).then(afterChange, () => undefined)}
              >
                保存
              </Button>
              <Popconfirm
                title={`确认将“${ROLES[role as 1]}”恢复为默认权限吗？`}
                okText="确定"
                cancelText="取消"
                onConfirm={() => reset.mutateAsync({ role }).then(afterChange, () => undefined)}
              >
                <Button disabled={!current?.edited && !draft} loading={reset.isPending}>
                  恢复默认
                </Button>
              </Popconfirm>
              {draft ? <Tag color="blue">有未保存的修改</Tag> : null}
            </Space>
            <Tree
              key={role}
              checkable
              checkStrictly
              selectable={false}
              defaultExpandAll
              treeData={tree}
              checkedKeys={checked}
              onCheck={(keys) => setDraft((Array.isArray(keys) ? keys : keys.checked).map(String))}
            />
          </div>
        </div>
      )}
    </Card>
  );
}
