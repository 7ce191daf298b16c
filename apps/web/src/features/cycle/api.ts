import type { CyclePlan, CycleTmpl } from '@sk/shared/cycle/cycle.contract';
import { cycleContract } from '@sk/shared/cycle/cycle.contract';
import { contractFetcher } from '../../components';
import { staleAfter } from '../../lib/query';

export const CY = cycleContract;

// A template's change shows in its list, the plans' picker and the plans that name it; a plan's in its list and detail.
staleAfter([CY.tmplAdd, CY.tmplUpdate, CY.tmplDelete], [CY.tmplList, CY.tmplDetail, CY.tmplOptions, CY.planList, CY.planDetail]);
staleAfter([CY.planAdd, CY.planUpdate, CY.planChangeState], [CY.planList, CY.planDetail, CY.tmplList]);

export const fetchTmpls = contractFetcher<CycleTmpl>(CY.tmplList);
export const fetchPlans = contractFetcher<CyclePlan>(CY.planList);
