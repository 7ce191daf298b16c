// What other parts may use of the organisation area: the department picker.
export { DeptSelect } from './components/DeptSelect';
