import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { layoutRoutes } from '../../app/routes';
import { TAG_KINDS, tagKindOf } from '../tags/tags';
import { HELP_ARTICLES, HELP_CATEGORIES, searchArticles } from './articles';

describe('help articles', () => {
  it('finds articles by every word of the query, in any field', () => {
    expect(searchArticles('')).toBe(HELP_ARTICLES);
    expect(searchArticles('下载中心').map((a) => a.id)).toContain('faq-download');
    expect(searchArticles('停用 交接').map((a) => a.id)).toEqual(['org']);
    expect(searchArticles('SLA').map((a) => a.id)).toContain('settings');
    expect(searchArticles('sla')).toEqual(searchArticles('SLA'));
    expect(searchArticles('没有这样的词')).toEqual([]);
  });

  it('has unique ids and known categories', () => {
    expect(new Set(HELP_ARTICLES.map((a) => a.id)).size).toBe(HELP_ARTICLES.length);
    for (const a of HELP_ARTICLES) expect(HELP_CATEGORIES).toContain(a.category);
    for (const c of HELP_CATEGORIES) expect(HELP_ARTICLES.some((a) => a.category === c)).toBe(true);
  });

  it('links only to pages the app routes', () => {
    const routes = layoutRoutes();
    const links = HELP_ARTICLES.flatMap((a) => a.links ?? []);
    const broken = links.filter((l) => !routes.some((r) => matchPath({ path: r.path, caseSensitive: false }, l.path)));
    expect(broken).toEqual([]);
  });
});

describe('tag pages', () => {
  it('map each route to its tag code', () => {
    expect(TAG_KINDS.map((k) => [k.path, k.code])).toEqual([
      ['/tagsManage/personTag', 1],
      ['/tagsManage/orderTag', 3],
      ['/tagsManage/customerTag', 4],
    ]);
    expect(tagKindOf('/tagsmanage/ordertag').code).toBe(3);
  });
});
