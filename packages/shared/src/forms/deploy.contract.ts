import { z } from 'zod';
import { type Industry, INDUSTRIES } from '../auth/plans';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { L } from '../common/zod';

const industry = L(z.enum(Object.keys(INDUSTRIES) as [Industry, ...Industry[]], '请选择行业'), '行业');

/** One template of an industry: whether it exists already and which of its fields and service items are (to be) added. */
export const deployTemplateSchema = z.object({
  kind: z.number(),
  kindName: z.string(),
  name: z.string(),
  exists: z.boolean(),
  fields: z.array(z.string()),
  moneyItems: z.array(z.string()),
});

/**
 * What a quick deploy adds: before it runs (GET plan: what is missing) and after (POST apply: what was added).
 * `count` is the number of things (new templates, fields, service items and dictionary values).
 */
export const deployPlanSchema = z.object({
  industry: z.string(),
  industryName: z.string(),
  templates: z.array(deployTemplateSchema),
  dict: z.array(z.object({ type: z.number(), typeName: z.string(), names: z.array(z.string()) })),
  count: z.number(),
});
export type DeployPlan = z.infer<typeof deployPlanSchema>;

export const quickDeployContract = {
  /** What deploying the industry would add now (the enterprise's registered industry when none is given). */
  plan: endpoint({
    method: 'GET',
    path: '/quickDeploy/plan',
    power: POWERS.quickDeploy,
    query: z.object({ industry: industry.optional() }),
    response: deployPlanSchema,
  }),
  /** Adds what is missing of the industry's templates, fields, service items and dictionary values, in one transaction. */
  apply: endpoint({ method: 'POST', path: '/quickDeploy/apply', power: POWERS.quickDeploy, body: z.object({ industry }), response: deployPlanSchema }),
};
