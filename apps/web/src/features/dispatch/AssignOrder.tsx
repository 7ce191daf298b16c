// 待派单工单 (/assignOrder): the pending orders with an assign button each, batch designate, the engineers' load beside.
import type { UnDeliverRow } from '@sk/shared/dispatch/dispatch.contract';
import { Button, Card, Col, Row } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { type ListColumn, ListPage, type ListPageHandle } from '../../components';
import { toast } from '../../components/toast';
import { DEFAULT_ORDER_COLUMNS, ORDER_PHONE_CARD, orderColumns } from '../../components/orderColumns';
import { unDeliverFetcher } from './api';
import { AssignDialog, type AssignTarget } from './AssignDialog';
import { Candidates } from './Candidates';
import { DeskFilters } from './DeskFilters';

export default function AssignOrder() {
  const list = useRef<ListPageHandle>(null);
  const [target, setTarget] = useState<AssignTarget | null>(null);
  const columns = useMemo(() => {
    const act: ListColumn<UnDeliverRow> = {
      key: 'actions',
      title: '操作',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => setTarget({ orderIds: [r.id], expectedState: r.state, serviceGroupId: r.serviceGroupId, title: r.title })}
        >
          派单
        </Button>
      ),
    };
    return orderColumns([act as never]) as unknown as ListColumn<UnDeliverRow>[];
  }, []);
  const batch = () => {
    const ids = (list.current?.selectedKeys ?? []).map(Number);
    if (ids.length === 0) toast.warning('请选择需要派单的工单');
    else setTarget({ orderIds: ids, title: '' });
  };
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={17}>
        <Card title="待派单工单" size="small">
          <ListPage<UnDeliverRow>
            ref={list}
            title="待派单工单"
            columns={columns}
            defaultColumns={[...DEFAULT_ORDER_COLUMNS.filter((k) => k !== 'servicePersonalName' && k !== 'state'), 'serviceGroupName', 'actions']}
            phoneCard={{ ...ORDER_PHONE_CARD, actions: true }}
            fetch={unDeliverFetcher}
            sort={false}
            searchPlans={false}
            selectable
            keywordPlaceholder="工单编号、标题、客户、电话"
            filters={<DeskFilters />}
            toolbar={
              <Button type="primary" onClick={batch}>
                批量派单
              </Button>
            }
          />
        </Card>
      </Col>
      <Col xs={24} xl={7}>
        <Candidates />
      </Col>
      <AssignDialog target={target} onClose={() => setTarget(null)} onDone={() => setTarget(null)} />
    </Row>
  );
}
