import { Result } from 'antd';
import { useParams } from 'react-router';
import { useMenu } from '../menu';

/**
 * A custom menu entry (DIY|{parentId}|{id}) of form_type 1 (detail form) or 2 (list). A custom entry carries no form
 * template in its API, so the page names the entry and says what it is (docs/decisions.md, Roles and menus);
 * form_type 0 entries open their link from the menu and never come here.
 */
export default function DiyPage() {
  const { id } = useParams();
  const menu = useMenu();
  const entry = menu?.groups.flatMap((g) => g.children).find((e) => e.custom && String(e.id) === id);
  if (menu && !entry) return <Result status="404" title="自定义页面不存在" subTitle="该自定义菜单已停用或已删除。" />;
  if (entry?.form_type === 0 && entry.url) {
    return (
      <Result
        status="info"
        title={entry.name}
        subTitle="这是一个外部链接菜单。"
        extra={
          <a href={entry.url} target="_blank" rel="noopener noreferrer">
            打开链接
          </a>
        }
      />
    );
  }
  const kind = entry?.form_type === 1 ? '详情表单' : '列表';
  return (
    <Result
      status="info"
      title={entry?.name ?? '自定义页面'}
      subTitle={`这是一个自定义${kind}菜单，尚未关联表单模板；请由管理员在“自定义菜单”中改为外部链接，或在表单引擎支持后关联表单。`}
    />
  );
}
