import { StockTaking } from './SpareDocs';

export default StockTaking;
