import { FREE } from '@sk/shared/auth/plans';
import { Anchor, App, Button, Card, Empty, Form, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { SaveButton } from '../../../components';
import { call } from '../../../lib/api';
import { apiKey, queryClient, useApi } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { useLeaveGuard } from '../../../shell/leaveGuard';
import { SETTING_READS, settingsContract } from '../api';
import { changedItems, groupSettings, type SettingInfo, toFormValue } from '../values';
import { SettingField } from './SettingField';
import '../settings.css';

const refresh = () => Promise.all(SETTING_READS.map((e) => queryClient.invalidateQueries({ queryKey: apiKey(e) })));

/** The sticky header (52 px) and the sticky group bar above a group the bar scrolls to. */
const GROUP_BAR_OFFSET = 110;
const groupId = (i: number) => `sk-setting-group-${i}`;

export interface SettingsFormProps {
  /** Only these codes (in this order); all settings when absent. */
  codes?: readonly string[];
  /** Everyone may read settings; only holders of sh_system_setting save them. */
  editable: boolean;
}

/** Settings from GET /systemsetting/list as grouped forms: 保存 sends the changed ones, 恢复默认 resets a group or everything. */
export function SettingsForm({ codes, editable }: SettingsFormProps) {
  const { modal, message } = App.useApp();
  const user = useUser();
  const [form] = Form.useForm<Record<string, unknown>>();
  const q = useApi(settingsContract.list);
  const list = useMemo(() => {
    const all = q.data ?? [];
    return codes ? codes.map((c) => all.find((s) => s.code === c)).filter((s): s is SettingInfo => !!s) : all;
  }, [q.data, codes]);
  const groups = useMemo(() => groupSettings(list), [list]);

  const initial = useMemo(() => Object.fromEntries(list.map((s) => [s.code, toFormValue(s, s.value)])), [list]);
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(editable && dirty);
  // The form instance keeps typed values across remounts; show what is stored whenever it is (re)loaded.
  useEffect(() => {
    if (q.dataUpdatedAt) form.resetFields();
    setDirty(false);
  }, [q.dataUpdatedAt, form]);

  const save = async () => {
    const values = await form.validateFields().catch((e: { errorFields?: { name: (string | number)[] }[] }) => {
      // The first field in error comes into view (below the sticky group bar) with its message.
      const first = e.errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center', focus: true });
      message.error('有设置项填写不正确，请按提示修改后再保存');
      throw e;
    });
    const items = changedItems(list, values);
    if (!items.length) return void message.info('没有需要保存的修改');
    await call(settingsContract.batchSave, items, { successToast: true });
    setDirty(false);
    await refresh();
  };

  const restore = (scope: SettingInfo[], label: string) =>
    modal.confirm({
      title: '恢复默认',
      content: `确认将${label}恢复为默认值吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => call(settingsContract.recovery, { codes: scope.map((s) => s.code) }, { successToast: true }).then(refresh, () => {}),
    });

  if (q.isLoading) return <Spin />;
  if (!list.length) return <Empty description="暂无设置项" />;

  return (
    // remounted whenever the stored values are (re)loaded, so the form shows what is saved
    <Form
      key={q.dataUpdatedAt}
      form={form}
      initialValues={initial}
      disabled={!editable}
      labelCol={{ flex: '340px' }}
      labelWrap
      labelAlign="left"
      wrapperCol={{ flex: 1 }}
      colon={false}
      className="sk-settings-form"
      onValuesChange={() => setDirty(changedItems(list, form.getFieldsValue()).length > 0)}
    >
      {groups.length > 1 && (
        <Anchor
          className="sk-settings-groups"
          direction="horizontal"
          targetOffset={GROUP_BAR_OFFSET}
          items={groups.map((g, i) => ({ key: g.name, href: `#${groupId(i)}`, title: g.name }))}
          onClick={(e) => e.preventDefault()}
          replace
        />
      )}
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {groups.map((g, i) => (
          <Card
            key={g.name}
            id={groupId(i)}
            size="small"
            title={g.name}
            data-group={g.name}
            extra={
              editable && (
                <Button size="small" onClick={() => restore(g.items, `“${g.name}”的设置`)}>
                  恢复本组默认
                </Button>
              )
            }
          >
            {g.items.map((s) => (
              <SettingField key={s.code} s={s} free={user.isChargeUser === FREE} phone={user.customServicePhone} />
            ))}
          </Card>
        ))}
      </Space>
      {editable && (
        // A direct child of the form, so it stays at the bottom of the screen while the form scrolls past.
        <div className="sk-settings-actions" role="toolbar" aria-label="保存设置">
          <SaveButton onSave={save} />
          <Button onClick={() => restore(list, codes ? '以上设置' : '全部设置')}>恢复默认</Button>
          {dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
        </div>
      )}
    </Form>
  );
}
