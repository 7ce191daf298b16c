import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { dependentsOf, FIELD_TYPES, type FieldDef, type FieldType, type FormKindId, ORDER_GROUPS } from '@sk/shared/forms/index';
import { Badge, Button, Card, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { toast } from '../../../components';
import { call } from '../../../lib/api';
import { labelOptions } from '../../../lib/options';
import { useApi } from '../../../lib/query';
import { fieldCalls, formsContract, kindName, refreshForms } from '../api';
import { checkDraft, type DraftField, fromDef, move, newField, type RefName, refNames, toDefs, toSaved } from './draft';
import { FieldProperties } from './FieldProperties';
import { PreviewDialog } from './PreviewDialog';
import { RecycleBin, recycleBinLocked } from './RecycleBin';

const groupName = (g: string | null) => ORDER_GROUPS.find((x) => x.key === g)?.name ?? '';
const typeOptions = labelOptions(FIELD_TYPES);

interface Editing {
  field: DraftField;
  isNew: boolean;
}

/**
 * The classic custom-field page: the template's fields as a table; each add, edit, delete and move is saved at
 * once with the per-field calls (events and projects through their own variants).
 */
export function ClassicEditor({ kind, tmpId }: { kind: FormKindId; tmpId?: number }) {
  const detail = useApi(formsContract.dcDetail, { type: kind, tmpId });
  const d = detail.data;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const [bin, setBin] = useState(false);
  const [newType, setNewType] = useState<FieldType>(1);
  const [modal, modalHolder] = Modal.useModal();
  const calls = fieldCalls(kind);

  const fields: FieldDef[] = [...(d?.fields ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const system: RefName[] = d?.formulaRefs ?? [];
  const baseRefs: RefName[] = [...system, ...fields.map((f) => ({ key: String(f.id), name: f.name }))];
  const drafts = fields.map((f) => fromDef(f, baseRefs));

  const saveEditing = async () => {
    if (!editing || !d) return;
    const list = editing.isNew ? [...drafts, editing.field] : drafts.map((x) => (x.uid === editing.field.uid ? editing.field : x));
    const p = checkDraft(list, system, kind);
    if (p) return void setProblem(p.message);
    const body = toSaved(editing.field, refNames(list, system));
    const { id: _id, ...field } = body;
    try {
      if (editing.isNew) await call(calls.save, { type: kind, tmpId: d.templateId, field } as never, { successToast: true });
      else await call(calls.update, { type: kind, tmpId: d.templateId, id: editing.field.id, field } as never, { successToast: true });
    } catch {
      return;
    }
    setEditing(null);
    await refreshForms();
  };

  const remove = (f: FieldDef) => {
    const users = dependentsOf(fields, f.id);
    if (users.length) return void toast.error(`${f.name}：被字段“${users.map((u) => u.name).join('、')}”引用，不能删除`);
    modal.confirm({
      title: `删除字段“${f.name}”？`,
      content: '删除后字段移入回收站，可从回收站恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await call(calls.remove, { type: kind, tmpId: d?.templateId, ids: [f.id] } as never, { successToast: true });
        await refreshForms();
      },
    });
  };

  const shift = async (index: number, by: number) => {
    if (!d) return;
    const list = move(drafts, index, index + by);
    await call(formsContract.dcSave, { type: kind, tmpId: d.templateId, fields: list.map((x) => toSaved(x, baseRefs)) }, { successToast: true });
    await refreshForms();
  };

  return (
    <Card
      loading={detail.isPending}
      title={
        <Space wrap>
          <span>自定义字段</span>
          {d ? <Typography.Text type="secondary">{`${kindName(kind)} · ${d.templateName}`}</Typography.Text> : null}
          {d ? <Tag>版本 {d.version}</Tag> : null}
        </Space>
      }
      extra={
        <Space wrap>
          <Select<FieldType> aria-label="新字段类型" style={{ width: 130 }} value={newType} options={typeOptions} onChange={setNewType} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ field: newField(newType, drafts, kind), isNew: true })}>
            新增字段
          </Button>
          <Badge count={d?.recycleCount ?? 0} size="small" offset={[-4, 2]}>
            <Button icon={<DeleteOutlined />} onClick={() => !recycleBinLocked() && setBin(true)}>
              回收站
            </Button>
          </Badge>
          <Button icon={<EyeOutlined />} onClick={() => setPreview(true)}>
            预览
          </Button>
        </Space>
      }
    >
      {modalHolder}
      <Table<FieldDef>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={fields}
        columns={[
          { key: 'sort', title: '序号', width: 70, render: (_: unknown, __: FieldDef, i: number) => i + 1 },
          { key: 'name', title: '字段名称', dataIndex: 'name' },
          { key: 'type', title: '类型', dataIndex: 'type', render: (t: number) => FIELD_TYPES[t as FieldType] },
          { key: 'required', title: '必填', dataIndex: 'required', render: (r: boolean) => (r ? <Tag color="red">必填</Tag> : '否') },
          ...(kind === 1 ? [{ key: 'group', title: '分组', dataIndex: 'group', render: (g: string | null) => groupName(g) }] : []),
          {
            key: 'condition',
            title: '显示条件',
            render: (_: unknown, f: FieldDef) => {
              if (!f.condition) return '始终显示';
              const ctrl =
                baseRefs.find((r) => r.key === f.condition?.field)?.name ?? d?.fixedFields.find((x) => x.key === f.condition?.field)?.name ?? f.condition.field;
              return `${ctrl} = ${f.condition.values.join('/')}`;
            },
          },
          {
            key: 'op',
            title: '操作',
            width: 240,
            render: (_: unknown, f: FieldDef, i: number) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing({ field: fromDef(f, baseRefs), isNew: false })}>
                  编辑
                </Button>
                <Button type="link" size="small" disabled={i === 0} onClick={() => shift(i, -1).catch(() => {})}>
                  上移
                </Button>
                <Button type="link" size="small" disabled={i === fields.length - 1} onClick={() => shift(i, 1).catch(() => {})}>
                  下移
                </Button>
                <Button type="link" size="small" danger onClick={() => remove(f)}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing?.isNew ? '新增字段' : '编辑字段'}
        width={520}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
        onCancel={() => {
          setEditing(null);
          setProblem(null);
        }}
        onOk={saveEditing}
      >
        {editing && d ? (
          <FieldProperties
            field={editing.field}
            onChange={(field) => {
              setEditing({ ...editing, field });
              setProblem(null);
            }}
            all={editing.isNew ? [...drafts, editing.field] : drafts}
            kind={kind}
            system={system}
            fixedFields={d.fixedFields}
            problem={problem}
          />
        ) : null}
      </Modal>
      {d ? (
        <>
          <PreviewDialog
            open={preview}
            title={d.templateName}
            definition={{ fixedFields: d.fixedFields, fields: toDefs(drafts, baseRefs), groups: d.groups, height: d.height }}
            onClose={() => setPreview(false)}
          />
          <RecycleBin open={bin} onClose={() => setBin(false)} kind={kind} templateId={d.templateId} />
        </>
      ) : null}
    </Card>
  );
}
