import { PlusOutlined } from '@ant-design/icons';
import { MAINTAIN_CONTRACT_STATES, SALE_CONTRACT_STATES } from '@sk/shared/customers/customers.constants';
import { type maintainContractSchema, RENEWAL_DAYS, type saleContractSchema } from '@sk/shared/customers/contracts.contract';
import { Button, DatePicker, Form, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { DateRangePicker, FilterSelect, type ListColumn, ListPage } from '../../../components';
import { call } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { CUSTOMER_POWERS as P } from '@sk/shared/customers/customers.contract';
import { contractContract, pagedFetcher } from '../api';
import {
  customerPath,
  labelOf,
  MAINTAIN_STATE_COLORS,
  MAINTAIN_STATE_OPTIONS,
  maintainContractPath,
  money,
  SALE_STATE_COLORS,
  SALE_STATE_OPTIONS,
  saleContractPath,
} from '../options';
import { CustomerSelect } from './CustomerSelect';
import { MaintainContractFormDialog } from './MaintainContractFormDialog';
import { SaleContractFormDialog } from './SaleContractFormDialog';

type Sale = z.infer<typeof saleContractSchema>;
type Maintain = z.infer<typeof maintainContractSchema>;

const customerColumn = <T extends { customerId: number; customerName: string }>(): ListColumn<T> => ({
  key: 'customerName',
  dataIndex: 'customerName',
  title: '客户',
  render: (v: string, r: T) => <Link to={customerPath(r.customerId)}>{v}</Link>,
});

/** The panel's values as query fields: creation range, signing range. */
function contractFilters({ created, signed, ...rest }: Record<string, unknown>): Record<string, unknown> {
  const c = created as [string, string] | null | undefined;
  const s = signed as [Dayjs, Dayjs] | null | undefined;
  return { ...rest, startCreateTime: c?.[0], endCreateTime: c?.[1], startSignDate: s?.[0]?.format('YYYY-MM-DD'), endSignDate: s?.[1]?.format('YYYY-MM-DD') };
}

function CommonFilters({ withCustomer, states }: { withCustomer: boolean; states: { value: number; label: string }[] }) {
  return (
    <>
      {withCustomer ? (
        <Form.Item name="customerId" label="客户">
          <CustomerSelect style={{ width: 220 }} />
        </Form.Item>
      ) : null}
      <FilterSelect name="status" label="合同状态" width={140} options={states} />
      <Form.Item name="created" label="创建时间">
        <DateRangePicker />
      </Form.Item>
    </>
  );
}

// A customer's contracts go as the list's params (each customer's are cached under their own key); a save or delete
// refreshes them through the area's staleAfter (../api.ts).
const fetchSales = pagedFetcher<Sale>(contractContract.saleList);
const fetchMaintains = pagedFetcher<Maintain>(contractContract.maintainList);

/** Sales contracts, of every customer or of one (the customer detail's tab). */
export function SaleContractList({ customerId, routeKey }: { customerId?: number; routeKey?: string }) {
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const columns: ListColumn<Sale>[] = [
    { key: 'contractNo', dataIndex: 'contractNo', title: '合同编号', render: (v: string, r) => <Link to={saleContractPath(r.id)}>{v}</Link> },
    { key: 'name', dataIndex: 'name', title: '合同名称' },
    customerColumn<Sale>(),
    { key: 'signDate', dataIndex: 'signDate', title: '签订日期' },
    { key: 'amount', dataIndex: 'amount', title: '合同金额', render: (v: number) => money(v) },
    { key: 'status', dataIndex: 'status', title: '状态', render: (v: number) => <Tag color={SALE_STATE_COLORS[v]}>{labelOf(SALE_CONTRACT_STATES, v)}</Tag> },
    { key: 'createUserName', dataIndex: 'createUserName', title: '创建人', render: (v: string | null) => v || '—' },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  ];
  return (
    <>
      <ListPage<Sale>
        title="销售合同"
        routeKey={routeKey}
        columns={customerId ? columns.filter((c) => c.key !== 'customerName') : columns}
        fetch={fetchSales}
        params={customerId ? { customerId } : undefined}
        keywordPlaceholder="请输入合同编号或名称"
        filters={
          <>
            <CommonFilters withCustomer={!customerId} states={SALE_STATE_OPTIONS} />
            <Form.Item name="signed" label="签订日期">
              <DatePicker.RangePicker format="YYYY/MM/DD" />
            </Form.Item>
          </>
        }
        mapFilters={contractFilters}
        toolbar={
          can(P.contractEdit) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              新建销售合同
            </Button>
          ) : null
        }
        onDelete={can(P.contractDelete) ? (ids) => call(contractContract.saleDelete, { ids: ids.map(Number) }) : undefined}
      />
      <SaleContractFormDialog open={creating} id={null} customerId={customerId} onClose={() => setCreating(false)} />
    </>
  );
}

/** Maintenance contracts, of every customer or of one. */
export function MaintainContractList({ customerId, routeKey, expiring }: { customerId?: number; routeKey?: string; expiring?: boolean }) {
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const columns: ListColumn<Maintain>[] = [
    { key: 'contractNo', dataIndex: 'contractNo', title: '合同编号', render: (v: string, r) => <Link to={maintainContractPath(r.id)}>{v}</Link> },
    { key: 'name', dataIndex: 'name', title: '合同名称' },
    customerColumn<Maintain>(),
    { key: 'period', dataIndex: 'startDate', title: '服务期限', render: (_: unknown, r) => `${r.startDate} ~ ${r.endDate}` },
    { key: 'amount', dataIndex: 'amount', title: '合同金额', render: (v: number) => money(v) },
    { key: 'productCount', dataIndex: 'productCount', title: '保修设备数' },
    {
      key: 'status',
      dataIndex: 'status',
      title: '状态',
      render: (v: number) => <Tag color={MAINTAIN_STATE_COLORS[v]}>{labelOf(MAINTAIN_CONTRACT_STATES, v)}</Tag>,
    },
    { key: 'createUserName', dataIndex: 'createUserName', title: '创建人', render: (v: string | null) => v || '—' },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  ];
  return (
    <>
      <ListPage<Maintain>
        title="维保合同"
        routeKey={routeKey}
        columns={customerId ? columns.filter((c) => c.key !== 'customerName') : columns}
        fetch={fetchMaintains}
        params={customerId ? { customerId } : undefined}
        keywordPlaceholder="请输入合同编号或名称"
        filters={
          <>
            <CommonFilters withCustomer={!customerId} states={MAINTAIN_STATE_OPTIONS} />
            <FilterSelect name="expiring" label="到期" width={160} options={[{ value: '1', label: `${RENEWAL_DAYS}天内到期` }]} />
          </>
        }
        mapFilters={contractFilters}
        initialQuery={expiring ? { expiring: '1' } : undefined}
        toolbar={
          can(P.contractEdit) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              新建维保合同
            </Button>
          ) : null
        }
        onDelete={can(P.contractDelete) ? (ids) => call(contractContract.maintainDelete, { ids: ids.map(Number) }) : undefined}
      />
      <MaintainContractFormDialog open={creating} id={null} customerId={customerId} onClose={() => setCreating(false)} />
    </>
  );
}
