import { type CaseRow, caseContract } from '@sk/shared/knowledge/case.contract';
import { CASE_SCOPES, CASE_SOURCES, CASE_STATE_COLORS, CASE_STATES, KB_VISIBILITY } from '@sk/shared/knowledge/knowledge.constants';
import { type KbHit, knowledgeContract } from '@sk/shared/knowledge/knowledge.contract';
import { contractFetcher } from '../../components';
import { staleAfter } from '../../lib/query';

export const C = caseContract;
export const K = knowledgeContract;

// A case's change moves its detail, the list, the order's cases and what the knowledge base finds and suggests.
staleAfter([C.fromOrder, C.create, C.update, C.action, C.convert], [C.list, C.detail, C.ofOrder, K.search, K.suggest, K.caseView]);
staleAfter([K.createArticle, K.updateArticle, K.removeArticle], [K.search, K.article, K.articleVersion, K.categories, K.suggest]);
staleAfter([K.saveCategory, K.removeCategory], [K.categories, K.search]);

export const fetchCases = contractFetcher<CaseRow>(C.list);
export const fetchHits = contractFetcher<KbHit>(K.search);

export const caseStateLabel = (s: number) => CASE_STATES[s as keyof typeof CASE_STATES] ?? String(s);
export const caseStateColor = (s: number) => CASE_STATE_COLORS[s as keyof typeof CASE_STATE_COLORS] ?? 'default';
export const caseSourceLabel = (s: number) => CASE_SOURCES[s as keyof typeof CASE_SOURCES] ?? String(s);
export const caseScopeLabel = (s: number | null) => (s ? (CASE_SCOPES[s as keyof typeof CASE_SCOPES] ?? '') : '');
export const visibilityLabel = (v: number) => KB_VISIBILITY[v as keyof typeof KB_VISIBILITY] ?? String(v);
