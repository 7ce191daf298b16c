import { formsContract } from '@sk/shared/forms/forms.contract';
import type { ExtValues } from '@sk/shared/forms/forms.schema';
import type { ProjectDetail } from '@sk/shared/projects/projects.contract';
import { Alert, Button, Card, DatePicker, Form, Input, Space, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { type ExtCheck, TemplateExtFields, type TemplateExtFieldsProps } from '../../../components/forms/TemplateExtFields';
import { UploadsGate, useUploadsGate } from '../../../components/forms/fields/uploads';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { CustomerSelect } from '../../customers';
import { rulesOf } from '../../../lib/zodRules';
import { projectContract, projectPath } from '../api';
import { TemplateSelect } from './AllProject';

const PROJECT_KIND = 10;
/** The template's custom fields (form kind 项目). */
function ExtFields(p: Omit<TemplateExtFieldsProps, 'info'> & { templateId: number }) {
  const info = useApi(formsContract.dcList, { type: PROJECT_KIND, tmpId: p.templateId } as never, { staleTime: 0, call: { silent: true } });
  return <TemplateExtFields info={info} check={p.check} initial={p.initial} onReady={p.onReady} />;
}

/** /newproject, and /allproject/copyProjectDetail/:id/:code? (the copy starts from the source's fields and process). */
export default function NewProject() {
  const { id } = useParams();
  const source = useApi(projectContract.detail, { id: Number(id) }, { enabled: !!id });
  if (!id) return <ProjectForm />;
  if (source.isError) return <Alert type="error" showIcon message="源项目不存在或已被删除" />;
  return source.data ? <ProjectForm source={source.data} /> : <Spin style={{ margin: 48 }} />;
}

interface Values {
  name: string;
  templateId: number;
  customerId?: number;
  start?: Dayjs;
}

function ProjectForm({ source }: { source?: ProjectDetail }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const checkExt = useRef<ExtCheck | null>(null);
  const [extReady, setExtReady] = useState(false);
  // 保存 waits for the custom fields' pictures and files: saved before, it went without them.
  const uploads = useUploadsGate();
  const templateId = Form.useWatch('templateId', form);
  const customerFromUrl = Number(params.get('customerId')) || undefined;

  const save = async () => {
    if (uploads.uploading()) return;
    const v = await form.validateFields();
    const ext = checkExt.current ? await checkExt.current() : {};
    if (ext === null) return;
    setSaving(true);
    try {
      const r = await call(
        projectContract.add,
        { name: v.name, templateId: v.templateId, customerId: v.customerId, startDate: v.start?.format('YYYY-MM-DD') ?? null, ext, copiedFrom: source?.id },
        { successToast: true },
      );
      navigate(projectPath(r.id));
    } catch {
      // the call has shown its message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={source ? `复制项目（${source.project_no}）` : '新建项目'} size="small">
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={
          source
            ? { name: `${source.name}（复制）`, templateId: source.templateId, customerId: source.customerId ?? undefined }
            : { customerId: customerFromUrl }
        }
      >
        <Form.Item name="name" label="项目名称" rules={rulesOf(projectContract.add.body.shape.name)}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="templateId" label="项目模板" rules={rulesOf(projectContract.add.body.shape.templateId, { required: '请选择项目模板' })}>
          <TemplateSelect style={{ width: '100%' }} placeholder="请选择项目模板" />
        </Form.Item>
        <Form.Item name="customerId" label="客户">
          <CustomerSelect />
        </Form.Item>
        <Form.Item name="start" label="开始日期" extra="各阶段任务按模板工期依次排期">
          <DatePicker />
        </Form.Item>
      </Form>
      {templateId ? (
        <UploadsGate gate={uploads}>
          <ExtFields
            key={templateId}
            templateId={templateId}
            check={checkExt}
            initial={source?.templateId === templateId ? (source.ext as ExtValues) : undefined}
            onReady={setExtReady}
          />
        </UploadsGate>
      ) : null}
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={saving} disabled={!!templateId && !extReady} onClick={save}>
          保存
        </Button>
        <Button onClick={() => navigate(-1)}>取消</Button>
      </Space>
    </Card>
  );
}
