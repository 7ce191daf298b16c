import { SpareDistributed } from './SpareDocs';

export default SpareDistributed;
