// 完成服务 with no network: the note, photos (at the enterprise's image quality) and the customer's signature are kept
// on this device as one queued completion and sent when the network returns (docs/phone.md "离线使用").
import type { OrderAction } from '@sk/shared/orders/order.machine';
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';

import { CameraOutlined, CloseCircleFilled } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { SignaturePad } from '../../../components/forms/fields/SignatureField';
import { toast } from '../../../components/toast';
import { DEVICE_ID_FAILED, deviceId } from '../../../lib/offline/device';
import { COMPRESS_SETTING, imageQuality, photoDataUrl } from '../../../lib/offline/image';
import { putOp } from '../../../lib/offline/queue';
import { usePhone } from '../../../lib/phone';
import { useUser } from '../../../lib/session';
import { useSetting, useSettingQuery } from '../../settings';
import type { FormDefinition } from '../../../components/forms';
import { ExtForms, useDefinition } from '../detail/ActionDialog';

const MAX_PHOTOS = 9;
/** A form never read online cannot be shown offline: the completion goes without it (the server says if it was needed). */
const NO_FORM: FormDefinition = { fixedFields: [], fields: [], groups: [], height: null };

/** A form's values only when something was filled in (an untouched form sends nothing). */
const filled = (v: Record<string, unknown> | undefined) => (v && Object.values(v).some((x) => x != null && x !== '') ? v : undefined);

/** 完成服务时须客户签名确认 for an order not yet signed: not known (not read, or it could not be), the signature is asked for. */
function useSignRequired(d: OrderDetail): boolean {
  const setting = useSettingQuery('order_sign_required', !d.signature);
  return !d.signature && (setting.isSuccess ? setting.data.value === '1' : true);
}

/** Reads the completion's forms and the signature setting while online, so the offline dialog (and the worker's cache) has them later. */
export function WarmCompletionForms({ d }: { d: OrderDetail }) {
  useDefinition(1, true, d.orderType.id, d.templateVersionId);
  useDefinition(9, true);
  useSignRequired(d);
  return null;
}

export function OfflineCompleteDialog({ d, ability, onClose, onDone }: { d: OrderDetail; ability: OrderAction; onClose: () => void; onDone: () => void }) {
  const user = useUser();
  const phone = usePhone();
  const device = deviceId();
  const quality = imageQuality(useSetting(COMPRESS_SETTING));
  // Offline the setting may never load (a paused read, or no copy in the worker): a completion queued without the
  // signature it needed would be refused on replay, when the customer is gone; so until it says otherwise, it is asked for.
  const signRequired = useSignRequired(d);
  const [note, setNote] = useState('');
  // The forms as last read online (the worker keeps their answers): filled in here, checked by the server on replay.
  const own = useDefinition(1, true, d.orderType.id, d.templateVersionId);
  const rec = useDefinition(9, true);
  const [ext, setExt] = useState<Record<string, unknown>>();
  const [receiptExt, setReceiptExt] = useState<Record<string, unknown>>();
  const [photos, setPhotos] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [unsigned, setUnsigned] = useState(false);
  const pad = useRef<{ read: () => string | null; clear: () => void } | null>(null);
  const ready = useRef((read: () => string | null, clear: () => void) => {
    pad.current = { read, clear };
  }).current;
  const fileInput = useRef<HTMLInputElement>(null);

  const addPhotos = async (files: FileList | null) => {
    if (!files?.length) return;
    try {
      const taken = await Promise.all([...files].slice(0, MAX_PHOTOS - photos.length).map((f) => photoDataUrl(f, quality)));
      setPhotos((p) => [...p, ...taken]);
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  const save = async () => {
    if (!device) return;
    const signature = pad.current?.read() ?? null;
    setUnsigned(signRequired && !signature);
    if (signRequired && !signature) return;
    setBusy(true);
    try {
      await putOp({
        id: crypto.randomUUID(),
        deviceId: device,
        userId: user.id,
        orderId: d.id,
        orderNo: d.orderNo,
        title: d.title,
        action: ability === 'applyEndService' ? 'applyEndService' : 'serviceComplete',
        body: { expectedState: d.state, version: d.version, note: note.trim() || undefined, ext: filled(ext), receiptExt: filled(receiptExt) },
        photos,
        signature,
        uploaded: { photos: photos.map(() => null), signature: null },
        status: 'pending',
        createdAt: Date.now(),
      });
      toast.success('已保存在本机，网络恢复后自动同步');
      onDone();
    } catch {
      toast.error('保存失败：本机存储不可用');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title="完成服务"
      okText="保存待同步"
      cancelText="取消"
      okButtonProps={{ loading: busy, disabled: !device }}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      width={640}
      className="sk-order-action-dialog"
    >
      {device ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="当前离线" description="提交的内容先保存在本机，网络恢复后自动同步到服务器。" />
      ) : (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={DEVICE_ID_FAILED} description="本机无法保存离线数据，请在网络恢复后再完成服务。" />
      )}
      <Form layout="vertical" disabled={!device}>
        <Form.Item label="现场照片" extra={quality < 1 ? '照片将压缩后上传' : undefined}>
          <Space wrap>
            {photos.map((src, i) => (
              <span key={src.slice(-32) + String(i)} style={{ position: 'relative', display: 'inline-block' }}>
                <img src={src} alt={`现场照片${i + 1}`} data-testid="offline-photo" style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 4 }} />
                <Button
                  type="text"
                  size="small"
                  aria-label={`删除现场照片${i + 1}`}
                  icon={<CloseCircleFilled />}
                  style={{ position: 'absolute', top: -8, right: -8 }}
                  onClick={() => setPhotos((p) => p.filter((_, j) => j !== i))}
                />
              </span>
            ))}
            {photos.length < MAX_PHOTOS ? (
              <Button icon={<CameraOutlined />} onClick={() => fileInput.current?.click()}>
                拍照/选择照片
              </Button>
            ) : null}
          </Space>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            style={{ display: 'none' }}
            data-testid="offline-photo-input"
            onChange={(e) => {
              void addPhotos(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
        </Form.Item>
        <Form.Item
          label="客户签名"
          required={signRequired}
          validateStatus={unsigned ? 'error' : undefined}
          help={unsigned ? '请客户签名' : undefined}
          extra={d.signature ? `已于${d.signature.signedAt}签名，重新签名将替换` : undefined}
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            <SignaturePad onReady={ready} height={phone ? 320 : 220} />
            <Button size="small" onClick={() => pad.current?.clear()}>
              清除签名
            </Button>
          </Space>
        </Form.Item>
        <Form.Item label="备注">
          <Input.TextArea aria-label="备注" rows={2} maxLength={500} showCount value={note} onChange={(e) => setNote(e.target.value)} />
        </Form.Item>
      </Form>
      {device ? <ExtForms d={d} own={own ?? NO_FORM} rec={rec ?? NO_FORM} onExt={setExt} onReceipt={setReceiptExt} /> : null}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        表单中的图片和附件需联网上传；同步时如工单已被改派或取消，或表单有必填项未填，将提示原因，可放弃该条。
      </Typography.Paragraph>
    </Modal>
  );
}
