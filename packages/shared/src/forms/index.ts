export * from './forms.constants';
export * from './forms.fixed';
export * from './forms.schema';
export * from './forms.views';
export * from './forms.contract';
export * from './preferences.contract';
export {
  collectRefs,
  evaluateAst,
  evaluateFormula,
  FORMULA_MAX_LENGTH,
  type FormulaNode,
  type FormulaOp,
  formatFormula,
  type ParseResult,
  parseFormula,
  type Resolve,
  roundTo,
  toOperand,
} from './formula';
export { checkValue, isEmptyValue, normDate, normDateTime, normTime, type ValueResult } from './value';
export { computeFormulas, type FileInfo, shownFields, type ValidateHooks, type ValidateResult, validateExt, visibleToRoles } from './validate';
export { defaultFileUrl, fileIdsOf, type PresentOptions, presentExtValues } from './present';
export { checkFieldDefs, dependentsOf } from './definition';
export * from './deploy.contract';
export * from './deploy.presets';
