import { TAG_NAME_MAX } from '@sk/shared/tags/tags.constants';
import type { Tag as TagRow } from '@sk/shared/tags/tags.contract';
import { ColorPicker, Form, Input, Tag } from 'antd';
import { RecordFormDialog } from '../../../components';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { tagsContract } from '../api';
import { TAG_COLORS } from '../tags';

interface Values {
  name: string;
  color_rgb: string;
}

const fields = tagsContract.create.body.shape;

/** Create or edit a tag: its name and colour, with a preview of the two. */
export function TagDialog({ code, tag, open, onClose }: { code: number; tag: TagRow | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const name = Form.useWatch('name', form);
  const color = Form.useWatch('color_rgb', form);
  // the tag lists and pickers refresh through staleAfter (../api.ts)
  const create = useApiMutation(tagsContract.create);
  const update = useApiMutation(tagsContract.update);

  const submit = async (v: Values) => {
    if (tag) await update.mutateAsync({ id: tag.id, name: v.name, color_rgb: v.color_rgb });
    else await create.mutateAsync({ code, name: v.name, color_rgb: v.color_rgb });
  };

  return (
    <RecordFormDialog<Values>
      open={open}
      title={tag ? '编辑标签' : '新建标签'}
      form={form}
      name="skTagForm"
      initialValues={tag ? { name: tag.name, color_rgb: tag.color_rgb } : { color_rgb: TAG_COLORS[0] }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="name" label="标签名称" rules={rulesOf(fields.name)}>
        <Input maxLength={TAG_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item name="color_rgb" label="标签颜色" rules={rulesOf(fields.color_rgb, { required: '请选择颜色' })} getValueFromEvent={(c) => c.toHexString()}>
        <ColorPicker disabledAlpha showText presets={[{ label: '推荐颜色', colors: TAG_COLORS }]} />
      </Form.Item>
      <Form.Item label="预览">
        <Tag color={color}>{name?.trim() || '标签'}</Tag>
      </Form.Item>
    </RecordFormDialog>
  );
}
