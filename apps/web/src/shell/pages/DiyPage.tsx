import { Result } from 'antd';
import { useParams } from 'react-router';
import { useMenu } from '../menu';

/** A custom menu entry (DIY|{parentId}|{id}): form_type 1 detail form, 2 list; rendered by the form engine later. */
export default function DiyPage() {
  const { id } = useParams();
  const menu = useMenu();
  const entry = menu?.groups.flatMap((g) => g.children).find((e) => e.custom && String(e.id) === id);
  if (menu && !entry) return <Result status="404" title="自定义页面不存在" subTitle="该自定义菜单已停用或已删除。" />;
  const kind = entry?.form_type === 1 ? '详情表单' : '列表';
  return <Result status="info" title={entry?.name ?? '自定义页面'} subTitle={`这是一个自定义${kind}页面，表单引擎上线后将在这里显示内容。`} />;
}
