import { SpareAllotted } from './SpareDocs';

export default SpareAllotted;
