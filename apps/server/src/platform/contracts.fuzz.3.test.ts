import { fuzzContracts } from './contracts.fuzz';

fuzzContracts(2, 3);
