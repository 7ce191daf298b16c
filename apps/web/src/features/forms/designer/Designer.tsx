import { DeleteOutlined, EyeOutlined, UndoOutlined } from '@ant-design/icons';
import { type DesignerDetail, dependentsOf, type FieldType, type FormKindId } from '@sk/shared/forms/index';
import { Badge, Button, Card, Empty, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SaveButton, toast } from '../../../components';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { formsContract, kindName, refreshForms } from '../api';
import { checkDraft, type DraftField, type DraftProblem, fromDef, move, newField, type RefName, refNames, toDefs, toSaved } from './draft';
import { FieldCanvas, FieldDnd } from './FieldCanvas';
import { FieldPalette } from './FieldPalette';
import { FieldProperties } from './FieldProperties';
import { PreviewDialog } from './PreviewDialog';
import { RecycleBin, recycleBinLocked } from './RecycleBin';
import './designer.css';

export interface DesignerProps {
  kind: FormKindId;
  /** The template; the kind's default template when absent. */
  tmpId?: number;
  /** Shown in the title when the page knows it (?tmpName). */
  title?: string;
}

const UNSAVED = '请先保存或放弃当前修改';

function useDraft(detail: DesignerDetail | undefined) {
  const [draft, setDraft] = useState<DraftField[]>([]);
  const [baseline, setBaseline] = useState('[]');
  const system: RefName[] = useMemo(() => detail?.formulaRefs ?? [], [detail]);
  const load = (d: DesignerDetail) => {
    const refs = [...d.formulaRefs, ...d.fields.map((f) => ({ key: String(f.id), name: f.name }))];
    const list = [...d.fields].sort((a, b) => a.sort - b.sort || a.id - b.id).map((f) => fromDef(f, refs));
    setDraft(list);
    setBaseline(JSON.stringify(list));
    return list;
  };
  return { draft, setDraft, dirty: JSON.stringify(draft) !== baseline, load, system, reset: () => setDraft(JSON.parse(baseline) as DraftField[]) };
}

/**
 * The custom-field designer of one template: field types on the left (click or drag in), the form in the middle
 * (drag to reorder), the selected field's properties on the right; 预览, 回收站 and one 保存 for the whole form.
 */
export function Designer({ kind, tmpId, title }: DesignerProps) {
  const detail = useApi(formsContract.dcDetail, { type: kind, tmpId });
  const d = detail.data;
  const { draft, setDraft, dirty, load, system, reset } = useDraft(d);
  const [selected, setSelected] = useState<string | null>(null);
  const [problem, setProblem] = useState<DraftProblem>(null);
  const [preview, setPreview] = useState(false);
  const [bin, setBin] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const selectedName = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft reloads only when the server's version changes
  useEffect(() => {
    if (!d) return;
    const list = load(d);
    const keep = list.find((f) => f.name === selectedName.current) ?? list[0];
    setSelected(keep?.uid ?? null);
    setProblem(null);
  }, [d?.versionId, d?.templateId]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (detail.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!d) return <Empty description="表单加载失败" />;

  const current = draft.find((f) => f.uid === selected) ?? null;
  selectedName.current = current?.name ?? null;
  const refs = refNames(draft, system);
  const select = (uid: string | null) => setSelected(uid);

  const add = (type: FieldType, at = draft.length) => {
    const f = newField(type, draft, kind);
    setDraft(move([...draft, f], draft.length, at));
    select(f.uid);
  };
  const update = (f: DraftField) => {
    setDraft(draft.map((x) => (x.uid === f.uid ? f : x)));
    if (problem?.uid === f.uid) setProblem(null);
  };
  const remove = (uid: string) => {
    const f = draft.find((x) => x.uid === uid);
    if (!f) return;
    if (f.id !== undefined) {
      const users = dependentsOf(toDefs(draft, refs), f.id);
      if (users.length) return void toast.error(`${f.name}：被字段“${users.map((u) => u.name).join('、')}”引用，不能删除`);
    }
    modal.confirm({
      title: `删除字段“${f.name}”？`,
      content: f.id !== undefined ? '保存后该字段移入回收站，可从回收站恢复。' : '该字段尚未保存，删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => {
        const rest = draft.filter((x) => x.uid !== uid);
        setDraft(rest);
        if (selected === uid) select(rest[0]?.uid ?? null);
      },
    });
  };

  const save = async () => {
    const p = checkDraft(draft, system, kind);
    if (p) {
      setProblem(p);
      select(p.uid);
      toast.error(p.message);
      return;
    }
    await call(formsContract.dcSave, { type: kind, tmpId: d.templateId, fields: draft.map((f) => toSaved(f, refs)) }, { successToast: true });
    await refreshForms();
  };

  const definition = { fixedFields: d.fixedFields, fields: toDefs(draft, refs), groups: d.groups, height: d.height };
  const name = title || d.templateName;

  return (
    <Card
      title={
        <Space wrap>
          <span>自定义字段</span>
          <Typography.Text type="secondary">
            {kindName(kind)} · {name}
          </Typography.Text>
          <Tag>版本 {d.version}</Tag>
          {d.templateEnabled ? null : <Tag>已停用</Tag>}
          {dirty ? <Tag color="orange">有未保存的修改</Tag> : null}
        </Space>
      }
      extra={
        <Space wrap>
          <Badge count={d.recycleCount} size="small" offset={[-4, 2]}>
            <Button icon={<DeleteOutlined />} onClick={() => !recycleBinLocked() && setBin(true)}>
              回收站
            </Button>
          </Badge>
          <Button icon={<EyeOutlined />} onClick={() => setPreview(true)}>
            预览
          </Button>
          <Button icon={<UndoOutlined />} disabled={!dirty} onClick={() => reset()}>
            放弃修改
          </Button>
          <SaveButton onSave={save} disabled={!dirty}>
            保存
          </SaveButton>
        </Space>
      }
    >
      {modalHolder}
      <div className="sk-designer" data-testid="form-designer">
        <FieldDnd fields={draft} onMove={(from, to) => setDraft(move(draft, from, to))} onAdd={add}>
          <FieldPalette onAdd={(t) => add(t)} />
          <div>
            {d.fixedFields.length ? (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                固定字段：{d.fixedFields.map((f) => `${f.name}${f.required ? '（必填）' : ''}`).join('、')}
              </Typography.Paragraph>
            ) : null}
            <FieldCanvas
              fields={draft}
              selected={selected}
              problemUid={problem?.uid}
              onSelect={select}
              onMove={(from, to) => setDraft(move(draft, from, to))}
              onRemove={remove}
            />
          </div>
        </FieldDnd>
        <div>
          {current ? (
            <FieldProperties
              key={current.uid}
              field={current}
              onChange={update}
              all={draft}
              kind={kind}
              system={system}
              fixedFields={d.fixedFields}
              problem={problem?.uid === current.uid ? problem.message : null}
            />
          ) : (
            <Empty description="选择一个字段编辑其属性" />
          )}
        </div>
      </div>
      <PreviewDialog open={preview} title={name} definition={definition} onClose={() => setPreview(false)} />
      <RecycleBin open={bin} onClose={() => setBin(false)} kind={kind} templateId={d.templateId} blockedReason={dirty ? UNSAVED : null} />
    </Card>
  );
}
