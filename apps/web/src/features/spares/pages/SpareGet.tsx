import { SpareGet } from './SpareDocs';

export default SpareGet;
