import { hasPower, POWERS } from '@sk/shared/auth/powers';
import { Alert, Card } from 'antd';
import { useState } from 'react';
import { useUser } from '../../../lib/session';
import { useSetting } from '../../settings';
import { flattenDepts, useDeptTree } from '../api';
import { DeptTree } from '../components/DeptTree';
import { UserList } from '../components/UserList';
import '../org.css';

/** Help tips are on by default for this page; the setting turns them off. */
export const HELP_TIP_CODE = 'help_tip_organization';

function HelpTip() {
  const on = useSetting(HELP_TIP_CODE);
  if (on !== '1') return null;
  return (
    <Alert
      type="info"
      showIcon
      closable
      style={{ marginBottom: 12 }}
      title="组织架构使用说明"
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          <li>左侧维护部门：点击部门右侧的“⋯”可新增子部门、重命名、移动或删除（部门下还有子部门或人员时不能删除）。</li>
          <li>右侧是所选部门及其下级部门的人员：可新增、编辑、停用、启用、删除人员，并为人员分配角色；人员离职前请先做工作交接。</li>
          <li>启用的内部人员占用套餐人数，超出后部分功能会被禁用；停用或删除人员可释放名额。此提示可在“系统设置 → 界面”中关闭。</li>
        </ul>
      }
    />
  );
}

/** Organisation structure: the department tree and the people of the chosen department. */
export default function OrganizationalStructure() {
  const user = useUser();
  const tree = useDeptTree();
  const [deptId, setDeptId] = useState<number | null>(null);
  // the node comes from the tree, so a rename shows at once and a deleted department falls back to everyone
  const dept = deptId === null ? null : (flattenDepts(tree.data).find((d) => d.id === deptId) ?? null);
  const editable = hasPower(user.powers, POWERS.orgManage);
  return (
    <div>
      <HelpTip />
      <div className="sk-org-body">
        <Card className="sk-org-side" size="small" title="部门">
          <DeptTree selected={dept?.id ?? null} onSelect={(d) => setDeptId(d?.id ?? null)} editable={editable} />
        </Card>
        <Card className="sk-org-main" size="small" title={dept ? `${dept.name}（含下级部门）` : '全部人员'}>
          <UserList title="人员列表" fixed={dept ? { deptId: dept.id } : {}} defaults={{ deptId: dept?.id ?? null }} />
        </Card>
      </div>
    </div>
  );
}
