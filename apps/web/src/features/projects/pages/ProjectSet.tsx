import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProjectTmplDetail, TaskTmplRow } from '@sk/shared/projects/projects.contract';
import { Alert, Button, Card, Empty, Form, Input, List, Popconfirm, Space, Spin, Switch, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { type Person, PersonField } from '../../../components';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { rulesOf } from '../../../lib/zodRules';
import { projectContract } from '../api';
import { TaskTmplDialog } from '../components/TaskTmplDialog';

/** A template as saveProjectProcessTmpl checks it: the form's rules are the contract's. */
const TB = projectContract.saveProjectProcessTmpl.body.shape;

interface Values {
  name: string;
  createApproval: boolean;
  createApprover?: Person[];
  finishApproval: boolean;
  finishApprover?: Person[];
  managers?: Person[];
  stages: { id?: number; name: string }[];
}

const one = (p?: Person[]) => (p?.[0] ? Number(p[0].id) : null);

/** The template's settings and stages (saveProjectProcessTmpl); a new one starts with two stages. */
function TemplateForm({ detail, onSaved }: { detail: ProjectTmplDetail | null; onSaved: (id: number) => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await call(
        projectContract.saveProjectProcessTmpl,
        {
          id: detail?.id,
          name: v.name,
          createApproval: v.createApproval,
          createApproverId: one(v.createApprover),
          finishApproval: v.finishApproval,
          finishApproverId: one(v.finishApprover),
          managerIds: (v.managers ?? []).map((m) => Number(m.id)),
          stages: v.stages.map((s) => ({ id: s.id, name: s.name })),
        },
        { successToast: true },
      );
      onSaved(r.id);
    } catch {
      // the call has shown its message
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<Values>
      form={form}
      name="projectTmpl"
      layout="vertical"
      key={detail?.id ?? 'new'}
      initialValues={
        detail
          ? {
              name: detail.name,
              createApproval: detail.createApproval,
              createApprover: detail.createApprover ? [detail.createApprover as Person] : [],
              finishApproval: detail.finishApproval,
              finishApprover: detail.finishApprover ? [detail.finishApprover as Person] : [],
              managers: detail.managers as Person[],
              stages: detail.stages.map((s) => ({ id: s.id, name: s.name })),
            }
          : { createApproval: false, finishApproval: false, stages: [{ name: '' }, { name: '' }] }
      }
    >
      <Form.Item name="name" label="模板名称" rules={rulesOf(TB.name)}>
        <Input maxLength={50} />
      </Form.Item>
      <Space wrap size={24}>
        <Form.Item name="createApproval" label="创建需审批" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="createApprover" label="创建审批人">
          <PersonField placeholder="选择审批人" />
        </Form.Item>
        <Form.Item name="finishApproval" label="完成需审批" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="finishApprover" label="完成审批人">
          <PersonField placeholder="选择审批人" />
        </Form.Item>
        <Form.Item name="managers" label="项目管理人员">
          <PersonField multiple placeholder="选择人员" />
        </Form.Item>
      </Space>
      <div>
        <Typography.Text strong>阶段</Typography.Text>
      </div>
      <Form.List name="stages">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                <span>{i + 1}.</span>
                <Form.Item name={[f.name, 'name']} rules={rulesOf(TB.stages.element.shape.name)}>
                  <Input placeholder="阶段名称" maxLength={50} aria-label={`阶段${i + 1}`} />
                </Form.Item>
                <Button type="text" icon={<DeleteOutlined />} aria-label="删除阶段" onClick={() => remove(f.name)} disabled={fields.length <= 1} />
              </Space>
            ))}
            <div>
              <Button icon={<PlusOutlined />} onClick={() => add({ name: '' })}>
                添加阶段
              </Button>
            </div>
          </>
        )}
      </Form.List>
      <Button type="primary" loading={saving} onClick={save} style={{ marginTop: 16 }}>
        保存模板
      </Button>
    </Form>
  );
}

/** Each stage's task templates with add / edit / delete and the reminder switch. */
function StageTasks({ detail }: { detail: ProjectTmplDetail }) {
  const [editing, setEditing] = useState<{ stageId: number; task: TaskTmplRow | null } | null>(null);
  return (
    <>
      {detail.stages.map((s, i) => (
        <Card
          key={s.id}
          size="small"
          data-testid={`stage-${s.name}`}
          title={`${i + 1}. ${s.name}`}
          style={{ marginBottom: 8 }}
          extra={
            <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ stageId: s.id, task: null })}>
              添加任务
            </Button>
          }
        >
          {s.tasks.length ? (
            <List
              size="small"
              dataSource={s.tasks}
              renderItem={(t) => (
                <List.Item
                  actions={[
                    <Switch
                      key="remind"
                      size="small"
                      checkedChildren="提醒"
                      unCheckedChildren="提醒"
                      checked={t.remind}
                      onChange={(on) => call(projectContract.taskRemind, { id: t.id, isOpen: on }, { successToast: true }).catch(() => undefined)}
                    />,
                    <Button key="edit" size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing({ stageId: s.id, task: t })}>
                      编辑
                    </Button>,
                    <Popconfirm
                      key="del"
                      title="确认删除该任务吗？"
                      onConfirm={() => call(projectContract.deleteTaskTmpl, { id: t.id }, { successToast: true }).catch(() => undefined)}
                    >
                      <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                        删除
                      </Button>
                    </Popconfirm>,
                  ]}
                >
                  <Space wrap>
                    <span>{t.name}</span>
                    <Typography.Text type="secondary">负责人：{t.principal?.name ?? '未指定'}</Typography.Text>
                    <Typography.Text type="secondary">{t.durationDays}天</Typography.Text>
                    {t.needApproval ? <Tag color="orange">需审批{t.approver ? `：${t.approver.name}` : ''}</Tag> : null}
                  </Space>
                </List.Item>
              )}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无任务" />
          )}
        </Card>
      ))}
      {editing ? <TaskTmplDialog open templateId={detail.id} stageId={editing.stageId} task={editing.task} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function TemplateEditor({ id, onSaved }: { id: number | null; onSaved: (id: number) => void }) {
  const detail = useApi(projectContract.getProjectProcessTmplList, { id: id ?? 0 }, { enabled: id != null });
  if (id != null && !detail.data) return <Spin />;
  const d = id != null ? (detail.data ?? null) : null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" title={d ? `编辑模板：${d.name}` : '新建模板'}>
        <TemplateForm detail={d} onSaved={onSaved} />
      </Card>
      {d ? (
        <>
          <StageTasks detail={d} />
          <Link to={`/projectSet/processProject/customForm?id=${d.id}&templateName=${encodeURIComponent(d.name)}`}>设置自定义字段</Link>
        </>
      ) : null}
    </Space>
  );
}

/** /projectSet — project templates (free-plan hint, tabs by availability, a search box for the template name). */
export default function ProjectSet() {
  const user = useUser();
  const list = useApi(projectContract.tmplList);
  const [search, setSearch] = useState('');
  // The sub-routes (/projectSet/processProject?id, /projectSet/CreateApproval/:id …) open their template.
  const { id } = useParams();
  const [query] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(() => Number(id ?? query.get('id')) || null);
  const templates = (list.data ?? []).filter((t) => t.name.includes(search.trim()));
  useEffect(() => {
    if (chosen === null && list.data?.[0]) setChosen(list.data[0].id);
  }, [chosen, list.data]);
  const free = user.isChargeUser === 0;
  const templatesTab = (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Card
        size="small"
        style={{ width: 260 }}
        title="项目模板"
        extra={
          <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setChosen(-1)}>
            新建
          </Button>
        }
      >
        <Input.Search allowClear placeholder="搜索项目模板名称" value={search} onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 8 }} />
        <List
          size="small"
          loading={list.isLoading}
          dataSource={templates}
          renderItem={(t) => (
            <List.Item style={{ cursor: 'pointer', background: t.id === chosen ? '#e6f4ff' : undefined, paddingInline: 8 }} onClick={() => setChosen(t.id)}>
              <span>{t.name}</span>
              <Popconfirm
                title="确认删除该模板吗？"
                onConfirm={() =>
                  call(projectContract.deleteProjectProcessTmpl, { id: t.id }, { successToast: true })
                    .then(() => setChosen(null))
                    .catch(() => undefined)
                }
              >
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除模板" onClick={(e) => e.stopPropagation()} />
              </Popconfirm>
            </List.Item>
          )}
        />
      </Card>
      <div style={{ flex: 1, minWidth: 320 }}>
        <TemplateEditor key={chosen ?? 'none'} id={chosen === -1 ? null : chosen} onSaved={(id) => setChosen(id)} />
      </div>
    </div>
  );
  return (
    <Card size="small" title="项目设置">
      {free ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`免费版可使用基础项目功能，审批与到期提醒建议升级为VIP版本，咨询热线：${user.customServicePhone ?? ''}`}
        />
      ) : null}
      <Tabs
        items={[
          { key: 'tmpl', label: '项目模板', children: templatesTab },
          ...(chosen && chosen > 0
            ? [{ key: 'form', label: '自定义字段', children: <Link to={`/projectSet/processProject/customForm?id=${chosen}`}>打开字段设计器</Link> }]
            : []),
        ]}
      />
    </Card>
  );
}
