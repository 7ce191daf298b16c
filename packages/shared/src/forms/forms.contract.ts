import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { id, idList, L } from '../common/zod';
import { FIELD_LIMITS } from './forms.constants';
import { checkFieldInput, extValues, fieldInput, fieldInputShape, formKindId } from './forms.schema';
import { designerDetail, fieldNameRow, fieldsView, fieldValuesAnswer, formInfo, recycledField, templateRow } from './forms.views';

const SET = POWERS.systemSetting;
/** The template-view page's power (menu entry TemplateView). */
export const TEMPLATE_VIEW_POWER = 'menu_TemplateView';

const tmpId = L(id.optional(), '模板');
const kind = L(formKindId, '表单类型');
const ids = L(idList.pipe(z.array(z.number()).min(1, '请选择字段').max(200, '一次最多200项')), '字段');
const templateName = L(z.string().trim().min(1, '请输入模板名称').max(FIELD_LIMITS.name, `模板名称不能超过${FIELD_LIMITS.name}个字`), '模板名称');
const enabledFilter = L(
  z.preprocess((v) => (v === '' ? undefined : v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean().optional()),
  '状态',
);
const templateListQuery = pageQuery.extend({ keyword: L(z.string().trim().max(50).optional(), '关键字'), enabled: enabledFilter });
const pagedTemplates = z.object({ list: z.array(templateRow), count: z.number() });

/** A form: an entity type (form kind) and, for kinds with several templates, which one (default otherwise). */
const formQuery = z.object({ type: kind, tmpId });
const field = L(fieldInput, '字段');
/** One field as the designer's full save sends it: existing fields carry their id. */
const savedField = z.object({ ...fieldInputShape, id: L(id.optional(), '字段') }).superRefine(checkFieldInput);

/** Field calls of one form kind's variant (/detailcontrol, /formcontrol/event, /formcontrol/project). */
const variant = (prefix: string, bodyKind: z.ZodType) => ({
  save: endpoint({
    method: 'POST',
    path: `${prefix}/save`,
    power: SET,
    body: z.object({ type: bodyKind, tmpId, field }),
    response: z.object({ id: z.number(), versionId: z.number() }),
  }),
  update: endpoint({
    method: 'PUT',
    path: `${prefix}/update`,
    power: SET,
    body: z.object({ type: bodyKind, tmpId, id: L(id, '字段'), field }),
    response: z.object({ versionId: z.number() }),
  }),
  delete: endpoint({
    method: 'DELETE',
    path: `${prefix}/delete`,
    power: SET,
    body: z.object({ type: bodyKind, tmpId, ids }),
    response: z.object({ versionId: z.number() }),
  }),
});

const eventVariant = variant('/formcontrol/event', L(z.literal(6).default(6), '表单类型'));
const projectVariant = variant('/formcontrol/project', L(z.literal(10).default(10), '表单类型'));

export const formsContract = {
  // Templates (order types, event templates, project templates, one default template per other kind).
  orderTypeList: endpoint({ method: 'GET', path: '/orderTypeTemplate/list', response: z.array(templateRow) }),
  tempList: endpoint({ method: 'GET', path: '/v2/temp/list', query: templateListQuery, response: pagedTemplates }),
  eventTempList: endpoint({ method: 'GET', path: '/v2/eventTemp/list', query: templateListQuery, response: pagedTemplates }),
  tmplList: endpoint({
    method: 'GET',
    path: '/v2/detailcontroltmpl/list',
    power: TEMPLATE_VIEW_POWER,
    plan: 'templateView',
    query: templateListQuery.extend({ type: L(formKindId.optional(), '表单类型') }),
    response: pagedTemplates,
  }),
  tmplEdit: endpoint({
    method: 'GET',
    path: '/v2/detailcontroltmpl/edit',
    power: TEMPLATE_VIEW_POWER,
    plan: 'templateView',
    query: z.object({ id: L(id, '模板'), versionId: L(id.optional(), '版本') }),
    response: formInfo,
  }),
  tempAdd: endpoint({
    method: 'POST',
    path: '/v2/temp/add',
    power: SET,
    body: z.object({ type: L(formKindId.default(1), '表单类型'), name: templateName }),
    response: z.object({ id: z.number() }),
  }),
  tempRename: endpoint({ method: 'PUT', path: '/v2/temp/rename', power: SET, body: z.object({ id: L(id, '模板'), name: templateName }), response: z.null() }),
  tempEnable: endpoint({
    method: 'PUT',
    path: '/v2/temp/enable',
    power: SET,
    body: z.object({ id: L(id, '模板'), enabled: L(z.boolean({ error: '请选择启用或停用' }), '状态') }),
    response: z.null(),
  }),
  tempSort: endpoint({
    method: 'PUT',
    path: '/v2/temp/sort',
    power: SET,
    body: z.object({ ids: L(idList.pipe(z.array(z.number()).min(1, '请选择模板').max(500)), '模板') }),
    response: z.null(),
  }),
  cusTempField: endpoint({ method: 'GET', path: '/v2/temp/cusTempField', query: z.object({ tmpId }), response: fieldsView }),
  eventCusTempField: endpoint({ method: 'GET', path: '/v2/eventTemp/cusTempField', query: z.object({ tmpId }), response: fieldsView }),

  // Custom fields per entity type.
  dcList: endpoint({ method: 'GET', path: '/detailcontrol/list', query: formQuery, response: fieldsView }),
  dcSaveField: endpoint({
    method: 'POST',
    path: '/detailcontrol/saveField',
    power: SET,
    body: z.object({ type: kind, tmpId, field }),
    response: z.object({ id: z.number(), versionId: z.number() }),
  }),
  dcUpdateField: endpoint({
    method: 'PUT',
    path: '/detailcontrol/updateField',
    power: SET,
    body: z.object({ type: kind, tmpId, id: L(id, '字段'), field }),
    response: z.object({ versionId: z.number() }),
  }),
  dcFormInfo: endpoint({
    method: 'GET',
    path: '/detailcontrol/forminfo',
    query: formQuery.extend({ versionId: L(id.optional(), '版本') }),
    response: formInfo,
  }),
  dcGetFieldName: endpoint({ method: 'GET', path: '/detailcontrol/getFieldName', query: formQuery, response: z.array(fieldNameRow) }),
  dcFieldValues: endpoint({
    method: 'POST',
    path: '/detailcontrol/fieldValues',
    body: formQuery.extend({
      versionId: L(id.optional(), '版本'),
      ext: L(extValues.default({}), '自定义字段'),
      system: L(z.record(z.string(), z.unknown()).default({}), '系统字段'),
    }),
    response: fieldValuesAnswer,
  }),
  dcDelete: endpoint({
    method: 'DELETE',
    path: '/detailcontrol/delete',
    power: SET,
    body: z.object({ type: kind, tmpId, ids }),
    response: z.object({ versionId: z.number() }),
  }),
  dcSave: endpoint({
    method: 'POST',
    path: '/detailControl/save',
    power: SET,
    body: z.object({
      type: kind,
      tmpId,
      fields: L(z.array(savedField).max(FIELD_LIMITS.fieldsPerTemplate, `每个表单最多${FIELD_LIMITS.fieldsPerTemplate}个自定义字段`), '字段'),
    }),
    response: z.object({ versionId: z.number() }),
  }),
  dcDetail: endpoint({ method: 'GET', path: '/detailControl/detail', power: SET, query: formQuery, response: designerDetail }),
  eventSave: eventVariant.save,
  eventUpdate: eventVariant.update,
  eventDelete: eventVariant.delete,
  projectSave: projectVariant.save,
  projectUpdate: projectVariant.update,
  projectDelete: projectVariant.delete,

  // Recycle bin of fields.
  recycleBinField: endpoint({
    method: 'GET',
    path: '/v2/temp/recycleBinField',
    power: SET,
    plan: 'recycleBin',
    query: pageQuery.extend({ type: L(formKindId.optional(), '表单类型'), tmpId }),
    response: z.array(recycledField),
  }),
  recycleBinFieldCount: endpoint({
    method: 'GET',
    path: '/v2/temp/recycleBinFieldCount',
    power: SET,
    plan: 'recycleBin',
    query: z.object({ type: L(formKindId.optional(), '表单类型'), tmpId }),
    response: z.number(),
  }),
  reductionField: endpoint({
    method: 'PUT',
    path: '/v2/temp/reductionField',
    power: SET,
    plan: 'recycleBin',
    body: z.object({ tmpId: L(id, '模板'), ids }),
    response: z.object({ versionId: z.number() }),
  }),
  commonReductionField: endpoint({
    method: 'PUT',
    path: '/v2/temp/common/reductionField',
    power: SET,
    plan: 'recycleBin',
    body: z.object({ type: kind, ids }),
    response: z.object({ versionId: z.number() }),
  }),
};
