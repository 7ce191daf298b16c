import { badgeCountContract } from '@sk/shared/menu/badge.contract';
import type { VisitPlan, VisitTaskRow } from '@sk/shared/visits/visits.contract';
import { visitsContract } from '@sk/shared/visits/visits.contract';
import { contractFetcher } from '../../components';
import { staleAfter } from '../../lib/query';

export const V = visitsContract;

// A visit (phone, SMS answer, grab) changes the lists, their tab counts, the detail and the menu badge.
staleAfter([V.submit, V.grab, V.sendSms], [V.list, V.myList, V.count, V.detail, V.visitOrderDetail, V.report, badgeCountContract.visitCount]);
staleAfter([V.planCreate, V.planUpdate, V.planRemove], [V.planList, V.planDetail]);

export const fetchPlans = contractFetcher<VisitPlan>(V.planList);
export const fetchTasks = contractFetcher<VisitTaskRow>(V.list);
export const fetchMyTasks = contractFetcher<VisitTaskRow>(V.myList);
