// 基本信息: the fixed fields, the people on the order by part, and the custom fields by their order group.
import { ORDER_GROUPS } from '@sk/shared/forms/forms.constants';
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { SERVICE_LEVELS } from '@sk/shared/orders/orders.constants';
import { Alert, Descriptions, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { FileLink, PersonLink } from '../../../../components';
import { Img } from '../../../../lib/Img';
import { ExtFieldView } from '../../../../components/forms';
import { MapLink } from '../../../../components/MapLink';

const WARRANTY_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'red', 3: 'blue' };
const dash = (v: string | number | null | undefined) => (v == null || v === '' ? '—' : v);

/** The service address as a link to the map app: navigation to an exact pin, else a search for the address. */
export function OrderAddress({ d }: { d: Pick<OrderDetail, 'gpsAddr'> }) {
  const a = d.gpsAddr;
  return <MapLink place={{ address: a.fullAddress, latitude: a.latitude, longitude: a.longitude, precision: a.precision }} />;
}

export function BasicTab({ d }: { d: OrderDetail }) {
  const grouped = ORDER_GROUPS.map((g) => ({ ...g, fields: d.extFields.filter((f) => f.group === g.key) })).filter((g) => g.fields.length);
  const loose = d.extFields.filter((f) => !f.group || !ORDER_GROUPS.some((g) => g.key === f.group));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {d.abnormal ? (
        <Alert
          type="warning"
          showIcon
          title={`异常申请：${d.abnormal.kindName}`}
          description={[d.abnormal.reason, d.abnormal.by?.name, d.abnormal.at].filter(Boolean).join(' · ')}
        />
      ) : null}
      {d.examineType && d.examineResult === 0 ? (
        <Alert
          type="info"
          showIcon
          title={`${d.examineTypeName}：等待审核`}
          description={
            d.approval ? (
              <Link to={`/approvalProcess?id=${d.approval.id}`} data-testid="order-approval">
                审批流程：{d.approval.stepName || '审批中'}
              </Link>
            ) : undefined
          }
        />
      ) : null}
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} title="工单概况">
        <Descriptions.Item label="工单编号">{d.orderNo}</Descriptions.Item>
        <Descriptions.Item label="工单类型">{d.orderType.name}</Descriptions.Item>
        <Descriptions.Item label="优先级">{d.priorityName}</Descriptions.Item>
        {d.event ? (
          <Descriptions.Item label="来源事件">
            <Link to={`/Myevent/eventDetail/${d.event.id}`} data-testid="source-event">
              {d.event.eventNo} {d.event.title}
            </Link>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="客户">
          <Link to={`/allOrder/customerDetail/${d.customer.id}/${d.id}`}>{d.customer.name}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="联系人">{dash(d.customLinkPerson)}</Descriptions.Item>
        <Descriptions.Item label="联系电话">{d.customPhone ? <a href={`tel:${d.customPhone}`}>{d.customPhone}</a> : '—'}</Descriptions.Item>
        <Descriptions.Item label="服务地址" span="filled">
          <OrderAddress d={d} />
        </Descriptions.Item>
        {d.customEnterpriseName ? <Descriptions.Item label="企业名称">{d.customEnterpriseName}</Descriptions.Item> : null}
        <Descriptions.Item label="产品">
          {d.product ? (
            <Space size={4} wrap>
              <Link to={`/productManage/detail/${d.product.id}`}>{d.product.name}</Link>
              {d.product.serialNumber ? <span>（{d.product.serialNumber}）</span> : null}
              {d.product.warrantyName ? (
                // The product's warranty on the order's day (the server's one answer, also the report's and the parts').
                <Tag
                  color={WARRANTY_COLORS[d.product.warrantyState ?? 0] ?? 'default'}
                  title={d.product.warrantyDay ? `按报修日${d.product.warrantyDay}判定` : undefined}
                  data-testid="order-warranty"
                >
                  {d.product.warrantyName}
                  {d.product.warrantyEnd ? `（至${d.product.warrantyEnd}）` : ''}
                </Tag>
              ) : null}
            </Space>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="预约时间">{dash(d.customApplyTime)}</Descriptions.Item>
        <Descriptions.Item label="服务级别">{d.serviceLevel ? SERVICE_LEVELS[d.serviceLevel as 1 | 2 | 3] : '—'}</Descriptions.Item>
        <Descriptions.Item label="服务项目">{d.serviceItems.length ? d.serviceItems.map((i) => i.name).join('、') : '—'}</Descriptions.Item>
        <Descriptions.Item label="服务团队">{dash(d.serviceGroup?.name)}</Descriptions.Item>
        <Descriptions.Item label="工单标签">
          {d.tags.length
            ? d.tags.map((t) => (
                <Tag key={t.id} color={t.color ?? undefined}>
                  {t.name}
                </Tag>
              ))
            : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="创建时间">{d.times.createdAt}</Descriptions.Item>
        <Descriptions.Item label="详细描述" span="filled">
          <span style={{ whiteSpace: 'pre-wrap' }}>{dash(d.detailDesc)}</span>
        </Descriptions.Item>
        {d.attachments.length ? (
          <Descriptions.Item label="附件" span="filled">
            <Space wrap>
              {d.attachments.map((f) => (
                <FileLink key={f.id} url={f.url} name={f.name} />
              ))}
            </Space>
          </Descriptions.Item>
        ) : null}
        {d.signature ? (
          <Descriptions.Item label="客户签名" span="filled">
            <Space wrap align="center">
              <Img
                src={d.signature.file.url}
                alt="客户签名"
                data-testid="order-signature"
                style={{ height: 64, border: '1px solid #f0f0f0', borderRadius: 4, background: '#fff' }}
              />
              <span style={{ color: 'var(--ant-color-text-tertiary, rgba(0, 0, 0, 0.56))' }}>{d.signature.signedAt}</span>
            </Space>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} title="相关人员">
        {d.people.map((p) => (
          <Descriptions.Item key={`${p.part}:${p.userId}`} label={p.partName}>
            <PersonLink id={p.userId} name={p.name} />
          </Descriptions.Item>
        ))}
      </Descriptions>
      {grouped.map((g) => (
        <ExtFieldView key={g.key} fields={g.fields} title={g.name} column={3} />
      ))}
      <ExtFieldView fields={loose} title="自定义字段" column={3} />
    </Space>
  );
}
