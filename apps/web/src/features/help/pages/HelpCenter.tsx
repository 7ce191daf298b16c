import { hasPower, POWERS } from '@sk/shared/auth/powers';
import { Card, Collapse, Empty, Input, Segmented, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useUser } from '../../../lib/session';
import { HELP_CATEGORIES, type HelpArticle, searchArticles } from '../articles';

const ALL = '全部';
const STEP = /^\d+\.\s*/;

function ArticleBody({ a }: { a: HelpArticle }) {
  const steps = a.body.filter((p) => STEP.test(p));
  const paragraphs = a.body.filter((p) => !STEP.test(p));
  return (
    <div data-article={a.id}>
      {paragraphs.map((p) => (
        <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
      ))}
      {steps.length > 0 && (
        <ol style={{ paddingLeft: 20 }}>
          {steps.map((s) => (
            <li key={s}>{s.replace(STEP, '')}</li>
          ))}
        </ol>
      )}
      {a.links?.length ? (
        <Space size={12} wrap>
          <Typography.Text type="secondary">相关页面：</Typography.Text>
          {a.links.map((l) => (
            <Link key={l.path} to={l.path}>
              {l.name}
            </Link>
          ))}
        </Space>
      ) : null}
    </div>
  );
}

/** Help centre: articles for each main area, searchable, filtered by category (?q= and ?c= keep the state in the URL). */
export default function HelpCenter() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('c') ?? ALL;
  const found = useMemo(() => searchArticles(q).filter((a) => category === ALL || a.category === category), [q, category]);

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v && v !== ALL) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };

  return (
    <Card title="帮助中心">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Input.Search
          allowClear
          enterButton="搜索"
          size="large"
          placeholder="输入问题或关键字，如：派单、导出、停用人员"
          defaultValue={q}
          onSearch={(v) => update({ q: v.trim() })}
          aria-label="搜索帮助"
          style={{ maxWidth: 640 }}
        />
        <Segmented value={category} options={[ALL, ...HELP_CATEGORIES]} onChange={(c) => update({ c: String(c) })} />
        {found.length ? (
          <Collapse
            key={`${q}|${category}`}
            defaultActiveKey={found.length <= 3 ? found.map((a) => a.id) : [found[0]!.id]}
            items={found.map((a) => ({
              key: a.id,
              label: a.title,
              extra: <Typography.Text type="secondary">{a.category}</Typography.Text>,
              children: <ArticleBody a={a} />,
            }))}
          />
        ) : (
          <Empty description="没有找到相关帮助，请换个关键字试试" />
        )}
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          没有找到答案？请拨打客服热线 <Typography.Text strong>{user.customServicePhone}</Typography.Text>，或点击右上角的客服图标在线咨询。
        </Typography.Paragraph>
        {hasPower(user.powers, POWERS.systemSetting) ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            对接其他系统？请查看 <Link to="/apiDocs">接口文档（OpenAPI）</Link>。
          </Typography.Paragraph>
        ) : null}
      </Space>
    </Card>
  );
}
