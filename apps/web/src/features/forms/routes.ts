// The form engine: field designer, template centre, process settings and the custom-field pages of events and projects.
import { POWERS } from '@sk/shared/auth/powers';
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const FORM_ROUTES: PageRoute[] = [
  { path: '/customForm', title: '字段自定义', page: lazyPage(() => import('./pages/CustomForm')) },
  // The template centre: sub-pages take their settings entry's power.
  { path: '/templateCenter', title: '工单设置', page: lazyPage(() => import('./pages/TemplateCenter')) },
  { path: '/templateCenter/:type', title: '工单设置', page: lazyPage(() => import('./pages/TemplateCenter')), power: 'menu_TemplateCenter' },
  {
    path: '/templateCenter/processSetting',
    title: '流程设置',
    page: lazyPage(() => import('./pages/ProcessSetting')),
    power: 'menu_TemplateCenter',
  },
  {
    path: '/templateCenter/processSetting/customForm/:orderType?',
    title: '自定义字段',
    page: lazyPage(() => import('./pages/CustomFormClassic')),
    power: 'menu_TemplateCenter',
  },
  {
    path: '/templateCenter/processSetting/customFormbeta',
    title: '自定义字段',
    page: lazyPage(() => import('./pages/CustomFormBeta')),
    power: 'menu_TemplateCenter',
  },
  { path: '/templateView', title: '模板视图', page: lazyPage(() => import('./pages/TemplateView')) },
  {
    path: '/eventSet/processevent/customForm',
    title: '事件自定义字段',
    page: lazyPage(() => import('./pages/ProcessCustomForm')),
    power: 'menu_EventSet',
  },
  { path: '/quickDeploy', title: '快速部署', page: lazyPage(() => import('./pages/QuickDeploy')), power: POWERS.quickDeploy },
  {
    path: '/projectSet/processProject/customForm',
    title: '项目自定义字段',
    page: lazyPage(() => import('./pages/ProcessCustomForm')),
    power: 'menu_ProjectSet',
  },
];
