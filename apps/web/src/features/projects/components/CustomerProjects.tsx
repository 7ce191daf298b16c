import type { ProjectRow } from '@sk/shared/projects/projects.contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { ListPage, pairFetcher } from '../../../components';
import { useCan } from '../../../lib/session';
import { projectContract } from '../api';
import { projectColumns } from '../columns';

const fetchProjects = pairFetcher<ProjectRow>(projectContract.list, projectContract.count);

/** The customer detail's 项目 tab: the customer's projects, with a button to start one for them. */
export function CustomerProjects({ customerId }: { customerId: number }) {
  const can = useCan();
  const navigate = useNavigate();
  return (
    <ListPage<ProjectRow>
      title="客户项目"
      routeKey="customerProjects"
      columns={projectColumns}
      fetch={fetchProjects}
      params={{ fk_t_customer_id: customerId }}
      keywordPlaceholder="请输入项目名称或编号"
      searchPlans={false}
      tableConfig={false}
      selectable={false}
      toolbar={can('13002') ? <Button onClick={() => navigate(`/newproject?customerId=${customerId}`)}>新建项目</Button> : null}
    />
  );
}
