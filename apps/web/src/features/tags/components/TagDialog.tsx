import { TAG_NAME_MAX } from '@sk/shared/tags/tags.constants';
import { type Tag as TagRow, tagsContract } from '@sk/shared/tags/tags.contract';
import { ColorPicker, Form, Input, Modal, Tag } from 'antd';
import { useApiMutation } from '../../../lib/query';
import { TAG_COLORS } from '../tags';

interface Values {
  name: string;
  color_rgb: string;
}

const READS = [tagsContract.list, tagsContract.getUserStateLabel];
const FORM_ID = 'skTagForm';

// Mounted afresh on every open, so each tag's values start clean.
function TagForm({ tag, onFinish }: { tag: TagRow | null; onFinish: (v: Values) => void }) {
  const [form] = Form.useForm<Values>();
  const name = Form.useWatch('name', form);
  const color = Form.useWatch('color_rgb', form);
  return (
    <Form
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={tag ? { name: tag.name, color_rgb: tag.color_rgb } : { color_rgb: TAG_COLORS[0] }}
      onFinish={onFinish}
    >
      <Form.Item
        name="name"
        label="标签名称"
        rules={[
          { required: true, whitespace: true, message: '请输入标签名称' },
          { max: TAG_NAME_MAX, message: `标签名称不能超过${TAG_NAME_MAX}个字` },
        ]}
      >
        <Input maxLength={TAG_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item name="color_rgb" label="标签颜色" rules={[{ required: true, message: '请选择颜色' }]} getValueFromEvent={(c) => c.toHexString()}>
        <ColorPicker disabledAlpha showText presets={[{ label: '推荐颜色', colors: TAG_COLORS }]} />
      </Form.Item>
      <Form.Item label="预览">
        <Tag color={color}>{name?.trim() || '标签'}</Tag>
      </Form.Item>
    </Form>
  );
}

/** Create or edit a tag: its name and colour. */
export function TagDialog({
  code,
  tag,
  open,
  onClose,
  onSaved,
}: {
  code: number;
  tag: TagRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const done = {
    invalidates: READS,
    onSuccess: () => {
      onSaved();
      onClose();
    },
  };
  const create = useApiMutation(tagsContract.create, done);
  const update = useApiMutation(tagsContract.update, done);

  const submit = (v: Values) => {
    if (tag) update.mutate({ id: tag.id, name: v.name, color_rgb: v.color_rgb });
    else create.mutate({ code, name: v.name, color_rgb: v.color_rgb });
  };

  return (
    <Modal
      open={open}
      title={tag ? '编辑标签' : '新建标签'}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', form: FORM_ID }}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      {open && <TagForm tag={tag} onFinish={submit} />}
    </Modal>
  );
}
