// The engineers beside the desk: who is free, who is busy today.
import type { CandidateRow } from '@sk/shared/dispatch/dispatch.contract';
import { Badge, Card, Empty, Input, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../lib/query';
import { dispatchContract } from './api';

/** Load as a colour: free, some work, busy. */
const loadColor = (c: CandidateRow): string => (c.openCount === 0 ? 'green' : c.openCount < 5 ? 'blue' : 'orange');

export function Candidates() {
  const [keyword, setKeyword] = useState('');
  const list = useApi(dispatchContract.candidates, { keyword: keyword || undefined, pageSize: 50 });
  return (
    <Card size="small" title="服务人员负载" extra={<Typography.Text type="secondary">进行中 / 今日预约</Typography.Text>}>
      <Input.Search allowClear placeholder="姓名或手机号" onSearch={setKeyword} style={{ marginBottom: 8 }} aria-label="搜索服务人员" />
      <List<CandidateRow>
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无服务人员" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        renderItem={(c) => (
          <List.Item data-testid="candidate">
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                <span>
                  <Badge color={loadColor(c)} /> {c.name}
                  {c.providerName ? <Tag style={{ marginLeft: 6 }}>{c.providerName}</Tag> : null}
                </span>
                <span>
                  <Tag color={loadColor(c)}>进行中 {c.openCount}</Tag>
                  <Tag>今日 {c.todayCount}</Tag>
                </span>
              </Space>
              {c.today.length ? <Typography.Text type="secondary">{c.today.join('；')}</Typography.Text> : null}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
