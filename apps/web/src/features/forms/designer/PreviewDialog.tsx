import { Button, Modal, Space } from 'antd';
import { toast } from '../../../components';
import { type FormDefinition, FormRenderer, useFormRenderer } from '../../../components/forms';

function PreviewBody({ definition, onClose }: { definition: FormDefinition; onClose: () => void }) {
  const form = useFormRenderer(definition, {}, { isNew: true });
  return (
    <>
      <div style={{ maxHeight: '65vh', overflow: 'auto', paddingRight: 8 }}>
        <FormRenderer {...form.props} />
      </div>
      <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
        <Button onClick={() => form.reset()}>重置</Button>
        <Button
          type="primary"
          onClick={async () => {
            const r = await form.validate();
            if (r.ok) toast.success('校验通过');
          }}
        >
          校验
        </Button>
        <Button onClick={onClose}>关闭</Button>
      </Space>
    </>
  );
}

/** The form as a user will fill it in: conditions, required marks and formulas work; nothing is saved. */
export function PreviewDialog({ open, title, definition, onClose }: { open: boolean; title: string; definition: FormDefinition; onClose: () => void }) {
  return (
    <Modal open={open} title={`预览：${title}`} width={860} footer={null} onCancel={onClose} destroyOnHidden>
      {open ? <PreviewBody definition={definition} onClose={onClose} /> : null}
    </Modal>
  );
}
