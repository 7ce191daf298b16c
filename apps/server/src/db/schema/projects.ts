import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, index, integer, jsonb, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { stateLogTable } from './logs';
import { customers } from './customers';
import { formTemplates, formTemplateVersions } from './forms';
import { enterprises, users } from './platform';

/**
 * Service projects. A project template is a form template of kind 10 (project): its custom fields
 * come from the form designer; its approval settings, stages and task templates live here. A project copies
 * the template's stages and tasks when it is created. Project numbers come from the `counters` row 'project'.
 */
const userFk = (name: string, ep: AnyPgColumn, col: AnyPgColumn) => foreignKey({ name, columns: [ep, col], foreignColumns: [users.enterpriseId, users.id] });
const ids = (name: string) => bigint(name, { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`);

/** Approval settings of a project template (/projectSet/CreateApproval, /projectSet/FinishApproval). */
export const projectTmplSettings = pgTable(
  'project_tmpl_settings',
  {
    enterpriseId: enterpriseIdCol(),
    templateId: ref('template_id').notNull(),
    createApproval: boolean('create_approval').notNull().default(false),
    createApproverId: ref('create_approver_id'),
    finishApproval: boolean('finish_approval').notNull().default(false),
    finishApproverId: ref('finish_approver_id'),
    /** People who may manage every project of the template (/projectSet/addpersonnelProject). */
    managerIds: ids('manager_ids'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.templateId] }),
    foreignKey({
      name: 'project_tmpl_settings_tmpl_fk',
      columns: [t.enterpriseId, t.templateId],
      foreignColumns: [formTemplates.enterpriseId, formTemplates.id],
    }).onDelete('cascade'),
    userFk('project_tmpl_settings_create_fk', t.enterpriseId, t.createApproverId),
    userFk('project_tmpl_settings_finish_fk', t.enterpriseId, t.finishApproverId),
  ],
);

export const projectTmplStages = pgTable(
  'project_tmpl_stages',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    templateId: ref('template_id').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'project_tmpl_stages_tmpl_fk',
      columns: [t.enterpriseId, t.templateId],
      foreignColumns: [formTemplates.enterpriseId, formTemplates.id],
    }).onDelete('cascade'),
    index('project_tmpl_stages_tmpl_idx').on(t.enterpriseId, t.templateId, t.sort, t.id),
  ],
);

export const projectTmplTasks = pgTable(
  'project_tmpl_tasks',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    templateId: ref('template_id').notNull(),
    stageId: ref('stage_id').notNull(),
    name: text('name').notNull(),
    principalId: ref('principal_id'),
    coordinationUserIds: ids('coordination_user_ids'),
    durationDays: integer('duration_days').notNull().default(1),
    needApproval: boolean('need_approval').notNull().default(false),
    approverId: ref('approver_id'),
    remind: boolean('remind').notNull().default(false),
    /** Hours before the due time the reminder goes out. */
    remindHours: integer('remind_hours').notNull().default(24),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'project_tmpl_tasks_stage_fk',
      columns: [t.enterpriseId, t.stageId],
      foreignColumns: [projectTmplStages.enterpriseId, projectTmplStages.id],
    }).onDelete('cascade'),
    userFk('project_tmpl_tasks_principal_fk', t.enterpriseId, t.principalId),
    userFk('project_tmpl_tasks_approver_fk', t.enterpriseId, t.approverId),
    index('project_tmpl_tasks_tmpl_idx').on(t.enterpriseId, t.templateId, t.stageId, t.sort, t.id),
  ],
);

export const projects = pgTable(
  'projects',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    projectNo: text('project_no').notNull(),
    name: text('name').notNull(),
    customerId: ref('customer_id'),
    templateId: ref('template_id').notNull(),
    templateVersionId: ref('template_version_id'),
    ext: jsonb('ext').notNull().default({}),
    /** 0 unapproved, 1 in progress, 2 completed. */
    state: smallint('state').notNull(),
    version: integer('version').notNull().default(0),
    /** The pending approval: 'create' or 'finish' (null: none); 'rejected' after a refused creation. */
    approval: text('approval'),
    createApproverId: ref('create_approver_id'),
    finishApproverId: ref('finish_approver_id'),
    progressSpeed: smallint('progress_speed').notNull().default(0),
    createdBy: ref('created_by').notNull(),
    createdAt: createdAt(),
    finishTime: ts('finish_time'),
    copiedFrom: ref('copied_from'),
    updatedAt: updatedAt(),
    /**
     * The lower-cased single characters and character pairs of the name and the number, for the global search
     * (docs/lists.md "Text search"); generated by the database as users.search_grams is. Keep the expression on one line.
     */
    searchGrams: text('search_grams')
      .array()
      .generatedAlwaysAs(
        sql`regexp_split_to_array(lower(name || ' ' || project_no), '') || regexp_split_to_array(regexp_replace(lower(name || ' ' || project_no), '(..)', '\\1' || chr(1), 'g'), chr(1)) || regexp_split_to_array(regexp_replace(substr(lower(name || ' ' || project_no), 2), '(..)', '\\1' || chr(1), 'g'), chr(1))`,
      ),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'projects_template_fk', columns: [t.enterpriseId, t.templateId], foreignColumns: [formTemplates.enterpriseId, formTemplates.id] }),
    foreignKey({
      name: 'projects_template_version_fk',
      columns: [t.enterpriseId, t.templateVersionId],
      foreignColumns: [formTemplateVersions.enterpriseId, formTemplateVersions.id],
    }),
    foreignKey({ name: 'projects_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    userFk('projects_created_by_fk', t.enterpriseId, t.createdBy),
    userFk('projects_create_approver_fk', t.enterpriseId, t.createApproverId),
    userFk('projects_finish_approver_fk', t.enterpriseId, t.finishApproverId),
    uniqueIndex('projects_no_uq').on(t.enterpriseId, t.projectNo),
    // The list's filters, each leading with enterprise_id and ending with the default sort.
    index('projects_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('projects_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id),
    index('projects_template_idx').on(t.enterpriseId, t.templateId, t.createdAt, t.id),
    // State and template together (the filter panel's usual pair): the page and the count read only matching entries.
    index('projects_template_state_idx').on(t.enterpriseId, t.templateId, t.state, t.createdAt, t.id),
    index('projects_creator_idx').on(t.enterpriseId, t.createdBy, t.createdAt, t.id),
    index('projects_customer_idx').on(t.enterpriseId, t.customerId, t.createdAt),
    index('projects_finish_idx').on(t.enterpriseId, t.finishTime, t.id),
    index('projects_approval_idx').on(t.enterpriseId, t.approval).where(sql`approval in ('create', 'finish')`),
    // The global search (modules/search): name and number as grams.
    index('projects_grams_idx').using('gin', t.searchGrams),
  ],
);

export const projectStages = pgTable(
  'project_stages',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    projectId: ref('project_id').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'project_stages_project_fk', columns: [t.enterpriseId, t.projectId], foreignColumns: [projects.enterpriseId, projects.id] }).onDelete(
      'cascade',
    ),
    index('project_stages_project_idx').on(t.enterpriseId, t.projectId, t.sort, t.id),
  ],
);

export const projectTasks = pgTable(
  'project_tasks',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    projectId: ref('project_id').notNull(),
    stageId: ref('stage_id').notNull(),
    name: text('name').notNull(),
    /** 0 unfinished, 1 finished, 2 disabled, 3 in approval. */
    state: smallint('state').notNull().default(0),
    version: integer('version').notNull().default(0),
    principalId: ref('principal_id'),
    coordinationUserIds: ids('coordination_user_ids'),
    needApproval: boolean('need_approval').notNull().default(false),
    approverId: ref('approver_id'),
    remind: boolean('remind').notNull().default(false),
    remindHours: integer('remind_hours').notNull().default(24),
    remindedAt: ts('reminded_at'),
    planStart: ts('plan_start'),
    planEnd: ts('plan_end'),
    finishedAt: ts('finished_at'),
    finishedBy: ref('finished_by'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'project_tasks_project_fk', columns: [t.enterpriseId, t.projectId], foreignColumns: [projects.enterpriseId, projects.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'project_tasks_stage_fk',
      columns: [t.enterpriseId, t.stageId],
      foreignColumns: [projectStages.enterpriseId, projectStages.id],
    }).onDelete('cascade'),
    userFk('project_tasks_principal_fk', t.enterpriseId, t.principalId),
    userFk('project_tasks_approver_fk', t.enterpriseId, t.approverId),
    userFk('project_tasks_finished_by_fk', t.enterpriseId, t.finishedBy),
    index('project_tasks_project_idx').on(t.enterpriseId, t.projectId, t.stageId, t.sort, t.id),
    index('project_tasks_principal_idx').on(t.enterpriseId, t.principalId, t.state),
    // Pending progress approvals and the late / due-soon warnings.
    index('project_tasks_approval_idx').on(t.enterpriseId, t.approverId).where(sql`state = 3`),
    index('project_tasks_due_idx').on(t.enterpriseId, t.planEnd).where(sql`state in (0, 3)`),
    // The reminder sweep: across enterprises, only tasks still waiting for their reminder.
    index('project_tasks_remind_idx').on(t.planEnd).where(sql`remind and reminded_at is null and state in (0, 3)`),
  ],
);

/** The append-only state logs of projects and of tasks (platform/state.ts writes them). */
export const projectLogs = stateLogTable('project_logs', 'project_id', projects);
export const projectTaskLogs = stateLogTable('project_task_logs', 'task_id', projectTasks);

const projectChild = (name: string) => (t: { enterpriseId: AnyPgColumn; projectId: AnyPgColumn }) =>
  foreignKey({ name: `${name}_project_fk`, columns: [t.enterpriseId, t.projectId], foreignColumns: [projects.enterpriseId, projects.id] }).onDelete('cascade');

/** Files attached to a project (uploads through modules/files). */
export const projectFiles = pgTable(
  'project_files',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    projectId: ref('project_id').notNull(),
    uploadId: ref('upload_id').notNull(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    projectChild('project_files')(t),
    index('project_files_project_idx').on(t.enterpriseId, t.projectId, t.id),
  ],
);

/** Products of a project, typed in or taken from a sales contract. */
export const projectProducts = pgTable(
  'project_products',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    projectId: ref('project_id').notNull(),
    productModelId: ref('product_model_id'),
    name: text('name').notNull(),
    model: text('model'),
    quantity: numeric('quantity', { precision: 14, scale: 2 }).notNull().default('1'),
    saleContractId: ref('sale_contract_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    projectChild('project_products')(t),
    index('project_products_project_idx').on(t.enterpriseId, t.projectId, t.id),
  ],
);

/** Contracts a project refers to: kind 'sale' or 'maintain'. */
export const projectContracts = pgTable(
  'project_contracts',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    projectId: ref('project_id').notNull(),
    kind: text('kind').notNull(),
    contractId: ref('contract_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    projectChild('project_contracts')(t),
    uniqueIndex('project_contracts_uq').on(t.enterpriseId, t.projectId, t.kind, t.contractId),
  ],
);

/** The project's conversation; deletable by its author. */
export const projectMessages = pgTable(
  'project_messages',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    projectId: ref('project_id').notNull(),
    userId: ref('user_id'),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    projectChild('project_messages')(t),
    index('project_messages_project_idx').on(t.enterpriseId, t.projectId, t.createdAt, t.id),
  ],
);
