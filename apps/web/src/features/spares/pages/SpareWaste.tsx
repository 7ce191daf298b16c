import { SpareWaste } from './SpareDocs';

export default SpareWaste;
