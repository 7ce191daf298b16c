// The statement and SQL pieces this module's files share, under the names they use.
export { lockEnterprise } from './enterprise.repo';
export { and as whereAll, apiTime, isUniqueViolation } from '../../platform/sql';
