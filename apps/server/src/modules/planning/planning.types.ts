// What the planning module reads of orders and engineers (planning.repo.ts), shared by its rules and services.

import type { EngineerScope } from '../pool/index';

export interface OrderFacts {
  id: number;
  orderNo: string;
  title: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  state: number;
  priority: number;
  version: number;
  groupId: number | null;
  areaCodes: string[];
  /** Skill tags the order's pool entry asks for (while pooled). */
  skills: string[];
  /** The product's category (product_models.category), if the order names a product. */
  category: string | null;
  /** The earliest running SLA clock's deadline, epoch ms. */
  dueMs: number | null;
  serviceUserId: number | null;
  /** The customer's phone for a changed-time SMS. */
  phone: string | null;
}

/** An engineer as the planner weighs him: the pool's scope of him (teams, areas, base, skills, cap) and the rest. */
export interface EngineerFacts extends EngineerScope {
  name: string;
  providerId: number | null;
  providerName: string | null;
  providerEnabled: boolean;
  providerRegions: string[];
  providerLines: string[];
  position: { lat: number; lng: number } | null;
  /** His 人员状态 (the status tag he set himself: 空闲, 忙碌, 休假 …), null without one. */
  status: string | null;
}
