// /portal/repair/:productId (报修): model and serial from the product, a description and photos; creates an order.
import { Button, Card, Form, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../components/toast';
import type { ApiError } from '../../../lib/api';
import { rulesOf } from '../../../lib/zodRules';
import { P, portalCall, shrinkImage, usePortal, usePortalWrite } from '../api';
import { PhotoPicker } from '../PhotoPicker';
import { PortalPage } from '../PortalPage';

const MAX_PHOTOS = 9;

export default function Repair() {
  const id = Number(useParams().productId);
  const navigate = useNavigate();
  const product = usePortal(P.product, { id }, { enabled: id > 0 });
  const [photos, setPhotos] = useState<{ id: number; preview: string }[]>([]);
  const [uploading, setUploading] = useState(false);
  const submit = usePortalWrite(P.repair, (r) => navigate(`/portal/orders/${r.id}`, { replace: true }));

  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    try {
      for (const f of [...files].slice(0, MAX_PHOTOS - photos.length)) {
        const data = await shrinkImage(f);
        const up = await portalCall(P.upload, { data, name: f.name.replace(/\.\w+$/, '.jpg') }, { silent: true });
        setPhotos((list) => [...list, { id: up.id, preview: data }]);
      }
    } catch (e) {
      toast.error((e as ApiError).message);
    } finally {
      setUploading(false);
    }
  };

  const p = product.data;
  return (
    <PortalPage title="报修" back="/portal">
      {product.isPending ? <Spin /> : null}
      {product.error ? <Typography.Text type="danger">{product.error.message}</Typography.Text> : null}
      {p ? (
        <Card size="small">
          <Form
            layout="vertical"
            size="large"
            onFinish={(v: { description: string }) => submit.mutate({ productId: p.id, description: v.description, attachments: photos.map((x) => x.id) })}
          >
            <Form.Item label="设备" htmlFor="portal-product-name">
              <Input id="portal-product-name" value={p.name} readOnly />
            </Form.Item>
            <Form.Item label="型号" htmlFor="portal-model">
              <Input id="portal-model" value={p.model ?? ''} readOnly />
            </Form.Item>
            <Form.Item label="序列号" htmlFor="portal-serial">
              <Input id="portal-serial" value={p.serialNumber ?? ''} readOnly />
            </Form.Item>
            <Form.Item name="description" label="故障描述" rules={rulesOf(P.repair.body.shape.description, { required: '请描述故障现象' })}>
              <Input.TextArea rows={4} maxLength={500} showCount placeholder="请描述故障现象，如：空调不制冷、有异响" />
            </Form.Item>
            <Form.Item label={`照片（最多${MAX_PHOTOS}张）`}>
              <PhotoPicker
                photos={photos.map((x) => ({ key: String(x.id), src: x.preview }))}
                max={MAX_PHOTOS}
                busy={uploading}
                testId="portal-photo-input"
                onPick={add}
                onRemove={(key) => setPhotos((list) => list.filter((y) => String(y.id) !== key))}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submit.isPending} disabled={uploading}>
              提交报修
            </Button>
          </Form>
        </Card>
      ) : null}
    </PortalPage>
  );
}
